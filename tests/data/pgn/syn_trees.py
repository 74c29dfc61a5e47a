"""Writes syn_trees.pgn: 60 games of seeded random play with nested
variations (up to three deep), comments (some longer than a line, one word
longer than a line), starting comments and NAGs, as python-chess 1.11.2
writes them. Usage: python3 syn_trees.py [OUT]"""
import chess, chess.pgn, random, sys
random.seed(17)
words="the a knight bishop sacrifice wins because pawn structure [%clk 0:01:02] attack long-winded-annotation-word-without-spaces-at-all-that-exceeds-the-line-limit-by-itself-surely".split()
def comment():
    n=random.choice([1,3,8,25])
    return " ".join(random.choice(words) for _ in range(n))
def grow(node, board, depth, plies):
    for _ in range(plies):
        moves=list(board.legal_moves)
        if not moves: break
        m=random.choice(moves)
        child=node.add_variation(m)
        if random.random()<0.15: child.comment=comment()
        if random.random()<0.1: child.nags.add(random.choice([1,2,3,4,5,6,14,18]))
        if depth<3 and random.random()<0.2:
            for k in range(random.choice([1,1,2])):
                alts=[x for x in moves if x!=m and not any(v.move==x for v in node.variations)]
                if not alts: break
                a=random.choice(alts)
                alt=node.add_variation(a)
                if random.random()<0.3: alt.starting_comment=comment()
                b=board.copy(); b.push(a)
                grow(alt,b,depth+1,random.randint(0,6))
        board.push(m)
        node=child
games=[]
for i in range(60):
    g=chess.pgn.Game()
    g.headers["Event"]=f"tree {i}"
    if random.random()<0.3: g.comment=comment()
    grow(g, chess.Board(), 0, random.randint(1,120))
    end = g.end().board()
    if end.is_checkmate() or end.is_stalemate():
        g.headers["Result"] = end.result()
    games.append(str(g))
open(sys.argv[1] if len(sys.argv) > 1 else 'syn_trees.pgn', 'w').write("\n\n".join(games)+"\n")
