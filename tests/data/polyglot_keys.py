"""Writes tests/data/polyglot_keys.txt: Polyglot keys by python-chess 1.11.2.

Every standard-chess position of tests/data/games.jsonl and tests/data/draws.jsonl
is replayed from its start FEN; kept are every position whose key has an en
passant part (a pawn stands ready to capture en passant, legally or not) and a
fixed sample of 300 of the others. The FEN is written with the en passant
square after every double step (python-chess en_passant="fen"), so that a reader
decides by itself whether the Polyglot key counts it.

    python3 tests/data/polyglot_keys.py > tests/data/polyglot_keys.txt
"""
import json
import random

import chess
import chess.polyglot

rows = {}
ep_rows = {}
for name in ("games.jsonl", "draws.jsonl"):
    with open(f"tests/data/{name}") as f:
        for line in f:
            record = json.loads(line)
            if record["chess960"]:
                continue
            board = chess.Board(record["start_fen"])
            moves = record["moves"] if "moves" in record else [ply["uci"] for ply in record["plies"]]
            for uci in [None] + moves:
                if uci is not None:
                    board.push_uci(uci)
                fen = board.fen(en_passant="fen")
                key = chess.polyglot.zobrist_hash(board)
                if board.has_pseudo_legal_en_passant():
                    ep_rows[fen] = key
                else:
                    rows[fen] = key

random.seed(20261129)
sample = random.sample(sorted(rows), 300)
print("# Polyglot keys by python-chess 1.11.2 (chess.polyglot.zobrist_hash); see polyglot_keys.py.")
print("# FEN (en passant square after every double step);hex key")
for fen in sorted(ep_rows):
    print(f"{fen};{ep_rows[fen]:016x}")
for fen in sorted(sample):
    print(f"{fen};{rows[fen]:016x}")
