"""Writes tests/data/fen_random.jsonl: random FENs judged by python-chess 1.11.2.

Positions are random placements, or random walks from the start with up to two
pieces removed or added, with a random or the real turn, castling and en passant
fields. python-chess's verdict (`status()` flags, normalized FEN, sorted legal UCI
moves, Polyglot key) is kept for a fixed sample of every kind of verdict.

Left out, as python-chess quirks this crate does not share: a `Q`/`q` right
with no rook of that colour on its back rank (python-chess drops it silently),
and two kings of one colour (python-chess then reports only the other's missing
king).

    python3 tests/data/fen_random.py > tests/data/fen_random.jsonl
"""
import collections
import json
import random

import chess
import chess.polyglot

random.seed(20261129)
RIGHTS = ["-", "KQkq", "K", "Q", "k", "q", "Kq", "Qk", "KQ", "kq"]


def random_placement():
    board = chess.Board(None)
    squares = iter(random.sample(range(64), 64))
    for color in chess.COLORS:
        for _ in range(random.choices([0, 1, 2], [1, 30, 1])[0]):
            board.set_piece_at(next(squares), chess.Piece(chess.KING, color))
    for color in chess.COLORS:
        for _ in range(random.choice([0, 1, 2, 3, 5, 8, 12, 16])):
            role = random.choice([chess.PAWN] * 3 + [chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN])
            board.set_piece_at(next(squares), chess.Piece(role, color))
    return board.board_fen(), None


def random_walk():
    board = chess.Board()
    for _ in range(random.randint(0, 60)):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(random.choice(moves))
    placement = chess.Board(None)
    placement.set_board_fen(board.board_fen())
    for _ in range(random.randint(0, 2)):
        square = random.randrange(64)
        if random.random() < 0.5:
            placement.remove_piece_at(square)
        else:
            placement.set_piece_at(square, chess.Piece(random.randint(1, 6), random.choice(chess.COLORS)))
    return placement.board_fen(), board.fen(en_passant="fen").split()[1:4]


def quirk(board_fen, castling):
    placement = chess.Board(None)
    placement.set_board_fen(board_fen)
    if any(len(placement.pieces(chess.KING, color)) > 1 for color in chess.COLORS):
        return True
    white_rooks = placement.pieces(chess.ROOK, chess.WHITE) & chess.BB_RANK_1
    black_rooks = placement.pieces(chess.ROOK, chess.BLACK) & chess.BB_RANK_8
    return ("Q" in castling and not white_rooks) or ("q" in castling and not black_rooks)


verdicts = collections.defaultdict(list)
for _ in range(100_000):
    walk = random.random() < 0.5
    board_fen, real = random_walk() if walk else random_placement()
    turn = random.choice("wb")
    castling = random.choice(RIGHTS)
    ep = "-"
    if random.random() < 0.4:
        ep = random.choice("abcdefgh") + random.choice("36" if random.random() < 0.9 else "12345678")
    if real and random.random() < 0.7:
        turn, castling, ep = real
        if random.random() < 0.3:
            castling = random.choice(RIGHTS)
    if quirk(board_fen, castling):
        continue
    fen = f"{board_fen} {turn} {castling} {ep} 0 1"
    board = chess.Board(fen)
    status = [flag.name for flag in chess.Status if flag and board.status() & flag]
    record = {"fen": fen, "status": status, "normalized_fen": board.fen()}
    if not status:
        record["legal"] = sorted(move.uci() for move in board.legal_moves)
        record["key"] = f"{chess.polyglot.zobrist_hash(board):016x}"
        kind = ("valid", board.ep_square is not None)
    else:
        kind = status[0]
    verdicts[kind].append(record)

for kind in sorted(verdicts, key=str):
    records = verdicts[kind]
    want = 100 if kind[0] == "valid" else 40
    for record in random.sample(records, min(want, len(records))):
        print(json.dumps(record, separators=(",", ":")))
