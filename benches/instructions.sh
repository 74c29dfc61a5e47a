#!/bin/sh
# Instructions per item of each workload of benches/instructions.rs, counted
# by callgrind: repeatable to a fraction of a percent on any load, so a
# regression shows where a clock would not. Needs valgrind.
#
#   benches/instructions.sh [TASK...]     (default: every task)
set -eu
cd "$(dirname "$0")/.."
bin=$(cargo bench -p chess-arbiter-benches --bench instructions --no-run --message-format=json 2>/dev/null |
    sed -n 's/.*"executable":"\([^"]*instructions[^"]*\)".*/\1/p' | tail -n 1)
[ -x "$bin" ] || { echo "cannot build the instructions bench" >&2; exit 1; }
count() { # total instructions of one run of task $1
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$1" 2>&1 |
        sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}
base=$(count none)
tasks=${*:-perft perft-public movegen fen-parse san-format san-parse dead-rich dead-last}
printf '%-14s %14s %10s %14s\n' task instructions items per-item
for task in $tasks; do
    total=$(count "$task")
    items=$("$bin" "$task" | cut -d' ' -f2)
    net=$((total - base))
    printf '%-14s %14d %10d %14s\n' "$task" "$net" "$items" \
        "$(awk -v n="$net" -v i="$items" 'BEGIN { printf "%.1f", n / i }')"
done
