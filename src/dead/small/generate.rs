//! The exhaustive proof behind [`super`]: a retrograde fixed point over
//! every placement of every small signature, compared with what the crate
//! knows.
//!
//! Run it with
//!
//! ```text
//! cargo test --release --lib -- --ignored small_endings_match_the_retrograde_fixed_point
//! ```
//!
//! (16 to 28 minutes on two loaded cores, under 1 GB: 40 signatures, the
//! pawn endings the longest, each half a minute to four). For each
//! signature, smallest first, a table holds for every placement of the men
//! (both sides to move, the positions no game can reach included) whether
//! White, and whether Black, can ever checkmate: a position is winnable for `S` when it is a
//! checkmate by `S`, or when some legal move leads to a winnable position;
//! a capture or a promotion leads into a table computed before. The fixed
//! point is reached by a breadth-first search backwards from the mates and
//! the winnable captures and promotions: every position one move before a
//! winnable one is winnable. Then every legal position is asked of
//! [`super::verdict`], built as a [`Position`], and the answers must agree.

use crate::{Bitboard, Color, Piece, Position, Role, Square, attacks};
use alloc::collections::BTreeMap;
use alloc::vec::Vec;

/// A man: colour and role. Signatures list their men but the kings, sorted.
type Man = (Color, Role);

/// The men of a state: the white king, the black king, then the others in
/// the signature's order.
const MAX_MEN: usize = 4;

#[derive(Clone, Copy)]
struct State {
    turn: Color,
    squares: [u8; MAX_MEN],
    len: usize,
}

struct Sig {
    men: Vec<Man>,
    /// Without pawns a table keeps only the white king on a1-d1-d4
    /// ([`TRIANGLE`]): every placement has a twin there.
    pawnless: bool,
}

/// The squares a1-d1-d4, in the order a pawnless table indexes them.
const TRIANGLE: [u8; 10] = [0, 1, 2, 3, 9, 10, 11, 18, 19, 27];

impl Sig {
    fn new(men: Vec<Man>) -> Sig {
        let pawnless = men.iter().all(|m| m.1 != Role::Pawn);
        Sig { men, pawnless }
    }

    fn man(&self, i: usize) -> Man {
        match i {
            0 => (Color::White, Role::King),
            1 => (Color::Black, Role::King),
            _ => self.men[i - 2],
        }
    }

    fn len(&self) -> usize {
        self.men.len() + 2
    }

    /// The white king's squares a table indexes.
    fn kings(&self) -> usize {
        if self.pawnless { TRIANGLE.len() } else { 64 }
    }

    fn size(&self) -> usize {
        (2 * self.kings()) << (6 * (self.len() - 1))
    }

    fn index(&self, s: &State) -> usize {
        let mut idx = 0;
        for i in (1..s.len).rev() {
            idx = idx * 64 + s.squares[i] as usize;
        }
        let king = if self.pawnless {
            TRIANGLE
                .iter()
                .position(|&q| q == s.squares[0])
                .expect("a pawnless table keeps the white king on a1-d1-d4")
        } else {
            s.squares[0] as usize
        };
        (idx * self.kings() + king) * 2 + s.turn as usize
    }

    fn state(&self, mut idx: usize) -> State {
        let turn = if idx & 1 == 0 {
            Color::White
        } else {
            Color::Black
        };
        idx >>= 1;
        let mut squares = [0; MAX_MEN];
        let king = idx % self.kings();
        squares[0] = if self.pawnless {
            TRIANGLE[king]
        } else {
            king as u8
        };
        idx /= self.kings();
        for sq in squares.iter_mut().take(self.len()).skip(1) {
            *sq = (idx % 64) as u8;
            idx /= 64;
        }
        State {
            turn,
            squares,
            len: self.len(),
        }
    }
}

/// `true` for the squares a1-d1-d4, where a pawnless table keeps the
/// white king: every placement has a twin there under the board's
/// symmetries.
fn in_triangle(q: u8) -> bool {
    q % 8 <= 3 && q / 8 <= q % 8
}

/// The placements of `s`'s orbit that a pawnless table keeps: the white
/// king brought to a1-d1-d4, and on its diagonal both twins. With a pawn,
/// `s` itself.
fn canonical(sig: &Sig, s: &State) -> [Option<State>; 2] {
    if !sig.pawnless {
        return [Some(*s), None];
    }
    let moved = |t: u32| {
        let mut r = *s;
        for q in r.squares.iter_mut().take(s.len) {
            *q = super::transform(t, sq(*q)) as u8;
        }
        r
    };
    let t = (0..8)
        .find(|&t| in_triangle(super::transform(t, sq(s.squares[0])) as u8))
        .expect("some symmetry brings a square to a1-d1-d4");
    let r = moved(t);
    let king = r.squares[0];
    let twin = (king % 8 == king / 8).then(|| {
        let mut d = r;
        for q in d.squares.iter_mut().take(s.len) {
            *q = super::transform(4, sq(*q)) as u8;
        }
        d
    });
    [Some(r), twin]
}

fn sq(i: u8) -> Square {
    Square::ALL[i as usize]
}

fn occupied(s: &State) -> Bitboard {
    let mut occ = Bitboard::EMPTY;
    for &q in &s.squares[..s.len] {
        occ = occ.with(sq(q));
    }
    occ
}

fn attacks_of(man: Man, from: u8, occ: Bitboard) -> Bitboard {
    match man.1 {
        Role::Pawn => attacks::pawn(man.0, sq(from)),
        role => attacks::reach(role, sq(from), occ),
    }
}

/// `true` if the squares are distinct and the side not to move is not in
/// check: a position the crate accepts (castling and en passant aside).
fn valid(sig: &Sig, s: &State) -> bool {
    let occ = occupied(s);
    if occ.len() as usize != s.len {
        return false;
    }
    for i in 2..s.len {
        let (_, role) = sig.man(i);
        let rank = s.squares[i] / 8;
        if role == Role::Pawn && (rank == 0 || rank == 7) {
            return false;
        }
    }
    !attacked(sig, s, !s.turn, occ)
}

/// `true` if `color`'s king is attacked on `s` with occupancy `occ`.
fn attacked(sig: &Sig, s: &State, color: Color, occ: Bitboard) -> bool {
    let king = s.squares[color as usize];
    (0..s.len).any(|i| {
        let man = sig.man(i);
        man.0 != color && attacks_of(man, s.squares[i], occ).contains(sq(king))
    })
}

/// A successor of a state: in the same signature, or in another one (a
/// capture or a promotion), given by its men and squares.
enum Next {
    Same,
    Other(Vec<(Man, u8)>, Color),
}

/// Calls `f` with every legal successor; returns how many there were.
fn successors(sig: &Sig, s: &State, mut f: impl FnMut(Next)) -> usize {
    let occ = occupied(s);
    let mover = s.turn;
    let own: Bitboard = (0..s.len)
        .filter(|&i| sig.man(i).0 == mover)
        .map(|i| sq(s.squares[i]))
        .collect();
    let mut count = 0;
    for i in 0..s.len {
        let man = sig.man(i);
        if man.0 != mover {
            continue;
        }
        let from = s.squares[i];
        let mut targets = match man.1 {
            Role::Pawn => attacks::pawn(mover, sq(from)) & occ & !own,
            role => attacks::reach(role, sq(from), occ) & !own,
        };
        if man.1 == Role::Pawn {
            let step: i32 = if mover == Color::White { 8 } else { -8 };
            let one = (i32::from(from) + step) as u8;
            if !occ.contains(sq(one)) {
                targets = targets.with(sq(one));
                let start = if mover == Color::White { 1 } else { 6 };
                let two = (i32::from(one) + step) as u8;
                if from / 8 == start && !occ.contains(sq(two)) {
                    targets = targets.with(sq(two));
                }
            }
        }
        for to in targets {
            let to = to.index() as u8;
            let victim = (0..s.len).find(|&j| s.squares[j] == to);
            let mut next = *s;
            next.squares[i] = to;
            next.turn = !mover;
            let promotes = man.1 == Role::Pawn && (to / 8 == 0 || to / 8 == 7);
            if victim.is_none() && !promotes {
                let after = occ.without(sq(from)).with(sq(to));
                if !attacked(sig, &next, mover, after) {
                    count += 1;
                    f(Next::Same);
                }
                continue;
            }
            let roles: &[Role] = if promotes {
                &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
            } else {
                &[man.1]
            };
            for &role in roles {
                let men: Vec<(Man, u8)> = (0..s.len)
                    .filter(|&j| Some(j) != victim)
                    .map(|j| {
                        if j == i {
                            ((mover, role), to)
                        } else {
                            (sig.man(j), s.squares[j])
                        }
                    })
                    .collect();
                let other = Sig::new(men.iter().skip(2).map(|m| m.0).collect());
                let state = State {
                    turn: !mover,
                    squares: {
                        let mut q = [0; MAX_MEN];
                        for (k, m) in men.iter().enumerate() {
                            q[k] = m.1;
                        }
                        q
                    },
                    len: men.len(),
                };
                let after = occupied(&state);
                if !attacked(&other, &state, mover, after) {
                    count += 1;
                    f(Next::Other(men, !mover));
                }
            }
        }
    }
    count
}

/// The tables computed so far: bit 0 White can mate, bit 1 Black can.
struct Tables {
    done: BTreeMap<Vec<Man>, Vec<u8>>,
}

impl Tables {
    /// What the table of the men on their squares says, `turn` to move;
    /// a signature whose colour mirror was computed instead is looked up
    /// there (colours swapped, ranks mirrored, the two bits swapped).
    fn lookup(&self, mut men: Vec<(Man, u8)>, mut turn: Color) -> u8 {
        let sorted = |men: &mut Vec<(Man, u8)>| men[2..].sort_unstable();
        sorted(&mut men);
        let key: Vec<Man> = men[2..].iter().map(|m| m.0).collect();
        let swapped = !self.done.contains_key(&key);
        if swapped {
            men.swap(0, 1);
            for m in men.iter_mut() {
                *m = ((!m.0.0, m.0.1), m.1 ^ 56);
            }
            sorted(&mut men);
            turn = !turn;
        }
        let sig = Sig::new(men[2..].iter().map(|m| m.0).collect());
        let table = self
            .done
            .get(&sig.men)
            .expect("smaller signatures (or their mirrors) are computed first");
        let mut squares = [0; MAX_MEN];
        for (k, m) in men.iter().enumerate() {
            squares[k] = m.1;
        }
        let state = State {
            turn,
            squares,
            len: men.len(),
        };
        let [Some(c), _] = canonical(&sig, &state) else {
            unreachable!("a state is its own first twin")
        };
        let bits = table[sig.index(&c)];
        if swapped {
            (bits & 1) << 1 | bits >> 1
        } else {
            bits
        }
    }

    fn compute(&mut self, men: Vec<Man>) {
        let sig = Sig::new(men);
        let mut table = alloc::vec![0u8; sig.size()];
        let mut queue: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
        for (idx, entry) in table.iter_mut().enumerate() {
            let s = sig.state(idx);
            if !valid(&sig, &s) {
                continue;
            }
            let mut bits = 0;
            let n = successors(&sig, &s, |next| {
                if let Next::Other(men, turn) = next {
                    bits |= self.lookup(men, turn);
                }
            });
            if n == 0 && attacked(&sig, &s, s.turn, occupied(&s)) {
                bits |= 1 << (!s.turn as u8); // checkmate by the other side
            }
            *entry = bits;
            for (c, q) in queue.iter_mut().enumerate() {
                if bits & (1 << c) != 0 {
                    q.push(idx as u32);
                }
            }
        }
        for (c, mut queue) in queue.into_iter().enumerate() {
            let bit = 1u8 << c;
            let mut head = 0;
            while head < queue.len() {
                let p = sig.state(queue[head] as usize);
                head += 1;
                predecessors(&sig, &p, |q| {
                    for r in canonical(&sig, &q).into_iter().flatten() {
                        let idx = sig.index(&r);
                        if table[idx] & bit == 0 {
                            table[idx] |= bit;
                            queue.push(idx as u32);
                        }
                    }
                });
            }
        }
        self.done.insert(sig.men, table);
    }
}

/// Calls `f` with every legal position from which a quiet move (no capture,
/// no promotion) leads to `p`.
fn predecessors(sig: &Sig, p: &State, mut f: impl FnMut(State)) {
    let occ = occupied(p);
    let mover = !p.turn;
    for i in 0..p.len {
        let man = sig.man(i);
        if man.0 != mover {
            continue;
        }
        let to = p.squares[i];
        let froms = match man.1 {
            Role::Pawn => {
                let back: i32 = if mover == Color::White { -8 } else { 8 };
                let mut froms = Bitboard::EMPTY;
                let one = i32::from(to) + back;
                let rank = |q: i32| {
                    if mover == Color::White {
                        q / 8
                    } else {
                        7 - q / 8
                    }
                };
                if rank(one) >= 1 && !occ.contains(sq(one as u8)) {
                    froms = froms.with(sq(one as u8));
                    let two = one + back;
                    if rank(to.into()) == 3 && !occ.contains(sq(two as u8)) {
                        froms = froms.with(sq(two as u8));
                    }
                }
                froms
            }
            role => attacks::reach(role, sq(to), occ) & !occ,
        };
        for from in froms {
            let mut q = *p;
            q.squares[i] = from.index() as u8;
            q.turn = mover;
            let after = occ.without(sq(to)).with(from);
            if !attacked(sig, &q, p.turn, after) {
                f(q);
            }
        }
    }
}

fn position(sig: &Sig, s: &State) -> Position {
    let mut pos = Position::empty(crate::CastlingMode::Standard);
    for i in 0..s.len {
        let (color, role) = sig.man(i);
        pos.put(sq(s.squares[i]), Piece { color, role });
    }
    pos.turn = s.turn;
    pos
}

/// Every signature of the crate's knowledge, each after those its captures
/// and promotions lead to: pawnless up to four men, K+P v K both ways,
/// then four men with one pawn (K+P v K+X, K+P+X v K), then K+P+P v K.
fn signatures() -> Vec<Vec<Man>> {
    let pieces = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];
    let mut sigs = alloc::vec![Vec::new()];
    for color in Color::ALL {
        for role in pieces {
            sigs.push(alloc::vec![(color, role)]);
        }
    }
    for a in Color::ALL {
        for ra in pieces {
            for b in Color::ALL {
                for rb in pieces {
                    let mut men = alloc::vec![(a, ra), (b, rb)];
                    men.sort_unstable();
                    if !sigs.contains(&men) {
                        sigs.push(men);
                    }
                }
            }
        }
    }
    for color in Color::ALL {
        sigs.push(alloc::vec![(color, Role::Pawn)]);
    }
    for role in pieces {
        for color in Color::ALL {
            sigs.push(alloc::vec![(Color::White, Role::Pawn), (color, role)]);
        }
    }
    sigs.push(alloc::vec![(Color::White, Role::Pawn); 2]);
    sigs
}

/// The same men with the colours swapped, sorted.
fn mirror(men: &[Man]) -> Vec<Man> {
    let mut m: Vec<Man> = men.iter().map(|&(c, r)| (!c, r)).collect();
    m.sort_unstable();
    m
}

/// `pos` with the colours swapped and the ranks mirrored: the same
/// question for the other colour.
fn mirrored(pos: &Position) -> Position {
    let mut m = Position::empty(crate::CastlingMode::Standard);
    for sq in pos.occupied() {
        if let Some(p) = pos.piece_at(sq) {
            m.put(
                sq.flip_vertical(),
                Piece {
                    color: !p.color,
                    role: p.role,
                },
            );
        }
    }
    m.turn = !pos.turn();
    m
}

#[test]
#[ignore = "exhaustive, minutes in release: cargo test --release --lib -- --ignored small_endings"]
fn small_endings_match_the_retrograde_fixed_point() {
    extern crate std;
    use std::println;
    let mut tables = Tables {
        done: BTreeMap::new(),
    };
    let mut wrong = 0u64;
    let mut exceptions = Vec::new();
    for men in signatures() {
        let twin = mirror(&men);
        if men.len() == 2 && twin < men {
            continue; // its colour mirror is computed and compared both ways
        }
        let started = std::time::Instant::now();
        tables.compute(men.clone());
        let computed = started.elapsed();
        let sig = Sig::new(men);
        let table = &tables.done[&sig.men];
        let first_pawn = (2..sig.len()).find(|&i| sig.man(i).1 == Role::Pawn);
        let (mut asked, mut winnable, mut mismatched) = (0u64, [0u64; 2], 0u64);
        for (idx, &bits) in table.iter().enumerate() {
            let s = sig.state(idx);
            // One position of each orbit of the board's symmetries (which
            // keep the rules and the key): without pawns the table holds
            // only those with the white king on a1-d1-d4; with pawns the
            // mirror of files is the one symmetry, and some pawn stands on
            // files a-d (both orders of two pawns are states).
            if first_pawn.is_some_and(|i| s.squares[i] % 8 > 3) || !valid(&sig, &s) {
                continue;
            }
            let pos = position(&sig, &s);
            let twin = mirrored(&pos);
            for color in Color::ALL {
                let truth = bits & (1 << color as u8) != 0;
                asked += 1;
                winnable[color as usize] += u64::from(truth);
                if super::rule(&pos, color) != truth {
                    exceptions.push(super::key(&pos, color));
                }
                for (p, c) in [(&pos, color), (&twin, !color)] {
                    if super::verdict(p, c) != Some(truth) {
                        mismatched += 1;
                        if mismatched <= 5 {
                            println!("  {} for {c:?}: truth {truth}", p.fen());
                        }
                    }
                }
            }
        }
        wrong += mismatched;
        println!(
            "{:?}: {asked} asked, winnable white {} black {}, mismatched {mismatched} \
             (table {computed:.1?}, in all {:.1?})",
            sig.men,
            winnable[0],
            winnable[1],
            started.elapsed()
        );
    }
    exceptions.sort_unstable();
    exceptions.dedup();
    println!("{} exceptions", exceptions.len());
    for k in &exceptions {
        println!("exception {k:#x},");
    }
    assert_eq!(wrong, 0, "verdicts that differ from the fixed point");
}
