#!/bin/sh
# A stand-in UCI engine for the engine module's doctests (run as
# `sh fake_engine.sh`): it answers the handshake, declares two options, and
# answers each `go` with two `info` lines and a legal move of the game
# from the standard start (1. e4 e5 2. Nf3 Nc6 ...).
last=""
while IFS= read -r line; do
  case "$line" in
    uci)
      echo "id name Fake Engine 1.0"
      echo "id author The chess-arbiter authors"
      echo "option name Hash type spin default 16 min 1 max 1024"
      echo "option name Threads type spin default 1 min 1 max 64"
      echo "uciok" ;;
    isready) echo "readyok" ;;
    position*) last="$line" ;;
    go*)
      case "$last" in
        *e7e5\ g1f3) move=b8c6 ;;
        *e2e4\ e7e5) move=g1f3 ;;
        *e2e4) move=e7e5 ;;
        *) move=e2e4 ;;
      esac
      echo "info depth 1 score cp 20 nodes 20 pv $move"
      echo "info depth 2 score cp 31 nodes 412 pv $move"
      echo "bestmove $move" ;;
    quit) exit 0 ;;
  esac
done
