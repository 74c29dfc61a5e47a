//! Attack tables: leapers by lookup, sliders by magic bitboards, and the
//! between/line masks that pins and checks are computed from.
//!
//! Every table is built by `const` evaluation at compile time from the magic
//! numbers below (found once, offline, by a random search; any set that maps
//! each blocker subset to a slot without a harmful collision would do).

use crate::{Bitboard, Color, Role, Square};

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

#[rustfmt::skip]
const ROOK_MAGICS: [u64; 64] = [
    0x1080004008801020,
    0x0840092002c03000,
    0x1900200010400900,
    0x0880100008000480,
    0x4200100420080200,
    0x8100020100080400,
    0x0200040110886200,
    0x0200008040220411,
    0x0404800084400220,
    0x0000401000402000,
    0x0086001081220440,
    0x0408800800100280,
    0x000a001201040820,
    0x8848800200840080,
    0x4001000100040200,
    0x0442000102105084,
    0x9080010020804100,
    0x0040404000201009,
    0x0000808010002009,
    0x2200090021d00100,
    0x0008008008040080,
    0x0004004002010040,
    0x0011040008015042,
    0x00000a0001768104,
    0x0000800080204009,
    0x2010004140002001,
    0x9800200280100080,
    0x1000100080080080,
    0x0442000a00049020,
    0x2100040080020080,
    0x0800120400900148,
    0x0010040a00128541,
    0x2800804000800030,
    0x1010002000400041,
    0x4000200011004100,
    0x0610008410800800,
    0x0400802402800800,
    0xc100020080800400,
    0x0002000802000401,
    0x0182085882000401,
    0x0220204000808000,
    0x2860100040024022,
    0x0001002004110040,
    0x99101042000a0020,
    0x0004080004008080,
    0x0010040002008080,
    0x2012004881020004,
    0x8300842444820011,
    0x0088403882010200,
    0x0820400080210100,
    0x0110910040a00300,
    0x0801100280080480,
    0x0242009008200600,
    0x1002000489500200,
    0x0040800200010080,
    0x0091800041000080,
    0x0000209300488001,
    0x04c1002414824001,
    0x020020000b001041,
    0x7000100004200901,
    0x8002002004100802,
    0x30010002084c0007,
    0x0888221800813004,
    0x4000002840840112,
];

#[rustfmt::skip]
const BISHOP_MAGICS: [u64; 64] = [
    0xa010041108003100,
    0x006082020a002900,
    0x6810010619200000,
    0x08281a0520000408,
    0x0001104001000400,
    0x0018901008048400,
    0x00040a0210245280,
    0x000200210808a402,
    0x9140048410821200,
    0x0800091010820041,
    0x20504804832202c0,
    0x0100091401081000,
    0x8021011140000012,
    0x0810020804450400,
    0x208b0542109008a2,
    0x0080084a08040204,
    0x0040e2a80811244c,
    0x2505022008008108,
    0x0430220100420040,
    0x010a040420220040,
    0x1105000290400000,
    0x0093001200822120,
    0x4000a62048043004,
    0x280120048a015004,
    0x006090002a020814,
    0x44042000240800d0,
    0x01102800040a4400,
    0x1004080080220040,
    0x0001001011004024,
    0x0010044000805040,
    0x0914041200820100,
    0x0004821012821480,
    0x0024040500c05021,
    0x0088611002080200,
    0x0116080a00040020,
    0x4000020080080080,
    0x2450450140840040,
    0x0000880201484100,
    0x0222020404020092,
    0x8081110600002e00,
    0x2842101105000801,
    0x1100809008001025,
    0x00020202221c0400,
    0x0422014022009020,
    0x0210046102100c00,
    0xc004008082029102,
    0x00aa461801101200,
    0x0404080080201108,
    0x020542108c205002,
    0x0410544804100100,
    0x0040910841100000,
    0x0400200042021100,
    0x00004204850400c0,
    0x0200100410a42102,
    0x1040020801210102,
    0x0805040410420000,
    0x2884804130100200,
    0x800c262201242000,
    0x1058000194108800,
    0x0014221054420204,
    0x0104000012a02200,
    0x0200881003300100,
    0x0140400202840100,
    0x0402020801010201,
];

const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < 8 && r >= 0 && r < 8
}

/// Squares a slider on `sq` reaches along `dirs`, stopping at (and including) blockers in `occ`.
const fn slide(sq: usize, occ: u64, dirs: &[(i32, i32); 4]) -> u64 {
    let mut attacks = 0;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let mut f = (sq % 8) as i32 + df;
        let mut r = (sq / 8) as i32 + dr;
        while on_board(f, r) {
            let bit = 1u64 << (r * 8 + f);
            attacks |= bit;
            if occ & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        d += 1;
    }
    attacks
}

/// The squares whose occupancy matters to a slider on `sq`: its rays without the edge squares.
const fn relevant(sq: usize, dirs: &[(i32, i32); 4]) -> u64 {
    let mut mask = 0;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let mut f = (sq % 8) as i32 + df;
        let mut r = (sq / 8) as i32 + dr;
        while on_board(f + df, r + dr) {
            mask |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
        d += 1;
    }
    mask
}

const fn step_table(steps: &[(i32, i32); 8]) -> [u64; 64] {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < 8 {
            let f = (sq % 8) as i32 + steps[i].0;
            let r = (sq / 8) as i32 + steps[i].1;
            if on_board(f, r) {
                table[sq] |= 1u64 << (r * 8 + f);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

const fn pawn_table() -> [[u64; 64]; 2] {
    let mut table = [[0; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let f = (sq % 8) as i32;
        let r = (sq / 8) as i32;
        let mut side = 0;
        while side < 2 {
            let dr = if side == 0 { 1 } else { -1 };
            if on_board(f - 1, r + dr) {
                table[side][sq] |= 1u64 << ((r + dr) * 8 + f - 1);
            }
            if on_board(f + 1, r + dr) {
                table[side][sq] |= 1u64 << ((r + dr) * 8 + f + 1);
            }
            side += 1;
        }
        sq += 1;
    }
    table
}

const fn ray_table(dirs: &[(i32, i32); 4]) -> [u64; 64] {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = slide(sq, 0, dirs);
        sq += 1;
    }
    table
}

static KNIGHT: [u64; 64] = step_table(&KNIGHT_STEPS);
static KING: [u64; 64] = step_table(&KING_STEPS);
static PAWN: [[u64; 64]; 2] = pawn_table();
/// Slider attacks on an empty board: one load where a magic lookup takes
/// four loads and a multiplication.
static BISHOP_RAYS: [u64; 64] = ray_table(&BISHOP_DIRS);
static ROOK_RAYS: [u64; 64] = ray_table(&ROOK_DIRS);
/// [`empty_reach`]: every role's attacks on an empty board.
static EMPTY_REACH: [[u64; 64]; 6] = empty_reach_table();

const fn empty_reach_table() -> [[u64; 64]; 6] {
    let knight = step_table(&KNIGHT_STEPS);
    let king = step_table(&KING_STEPS);
    let bishop = ray_table(&BISHOP_DIRS);
    let rook = ray_table(&ROOK_DIRS);
    let mut table = [[0; 64]; 6];
    let mut sq = 0;
    while sq < 64 {
        table[Role::Knight as usize][sq] = knight[sq];
        table[Role::Bishop as usize][sq] = bishop[sq];
        table[Role::Rook as usize][sq] = rook[sq];
        table[Role::Queen as usize][sq] = bishop[sq] | rook[sq];
        table[Role::King as usize][sq] = king[sq];
        sq += 1;
    }
    table
}

/// One square's entry: which blockers matter, the multiplier, and where its slots start.
#[derive(Copy, Clone)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

const fn magics(numbers: &[u64; 64], dirs: &[(i32, i32); 4], start: usize) -> [Magic; 64] {
    let mut table = [Magic {
        mask: 0,
        magic: 0,
        shift: 0,
        offset: 0,
    }; 64];
    let mut offset = start;
    let mut sq = 0;
    while sq < 64 {
        let mask = relevant(sq, dirs);
        let bits = mask.count_ones();
        table[sq] = Magic {
            mask,
            magic: numbers[sq],
            shift: 64 - bits,
            offset,
        };
        offset += 1 << bits;
        sq += 1;
    }
    table
}

const ROOK_TABLE_SIZE: usize = 102_400;
const BISHOP_TABLE_SIZE: usize = 5_248;
static ROOK: [Magic; 64] = magics(&ROOK_MAGICS, &ROOK_DIRS, 0);
static BISHOP: [Magic; 64] = magics(&BISHOP_MAGICS, &BISHOP_DIRS, ROOK_TABLE_SIZE);

const fn fill(
    table: &mut [u64; ROOK_TABLE_SIZE + BISHOP_TABLE_SIZE],
    m: &[Magic; 64],
    dirs: &[(i32, i32); 4],
) {
    let mut sq = 0;
    while sq < 64 {
        let Magic {
            mask,
            magic,
            shift,
            offset,
        } = m[sq];
        // Carry-Rippler: enumerate every subset of `mask`.
        let mut subset = 0u64;
        loop {
            let index = offset + (subset.wrapping_mul(magic) >> shift) as usize;
            table[index] = slide(sq, subset, dirs);
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        sq += 1;
    }
}

const fn slider_table() -> [u64; ROOK_TABLE_SIZE + BISHOP_TABLE_SIZE] {
    let mut table = [0; ROOK_TABLE_SIZE + BISHOP_TABLE_SIZE];
    fill(&mut table, &ROOK, &ROOK_DIRS);
    fill(&mut table, &BISHOP, &BISHOP_DIRS);
    table
}

#[allow(long_running_const_eval)]
static SLIDERS: [u64; ROOK_TABLE_SIZE + BISHOP_TABLE_SIZE] = slider_table();

/// `BETWEEN[a][b]`: the squares strictly between `a` and `b` on a rank, file or diagonal.
/// `LINE[a][b]`: the whole line through both, edge to edge (empty if not aligned).
const fn line_tables() -> ([[u64; 64]; 64], [[u64; 64]; 64]) {
    let mut between = [[0; 64]; 64];
    let mut line = [[0; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let bb = 1u64 << b;
            if a != b {
                if slide(a, 0, &ROOK_DIRS) & bb != 0 {
                    between[a][b] = slide(a, bb, &ROOK_DIRS) & slide(b, 1 << a, &ROOK_DIRS);
                    line[a][b] =
                        (slide(a, 0, &ROOK_DIRS) & slide(b, 0, &ROOK_DIRS)) | (1 << a) | bb;
                } else if slide(a, 0, &BISHOP_DIRS) & bb != 0 {
                    between[a][b] = slide(a, bb, &BISHOP_DIRS) & slide(b, 1 << a, &BISHOP_DIRS);
                    line[a][b] =
                        (slide(a, 0, &BISHOP_DIRS) & slide(b, 0, &BISHOP_DIRS)) | (1 << a) | bb;
                }
            }
            b += 1;
        }
        a += 1;
    }
    (between, line)
}

static LINES: ([[u64; 64]; 64], [[u64; 64]; 64]) = line_tables();

/// Squares a knight on `sq` attacks.
///
/// ```
/// use chess_arbiter::{attacks, Square};
/// assert_eq!(attacks::knight(Square::A1).len(), 2);
/// ```
#[inline(always)]
pub fn knight(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq as usize])
}

/// Squares a king on `sq` attacks.
///
/// ```
/// use chess_arbiter::{attacks, Square};
/// assert_eq!(attacks::king(Square::E4).len(), 8);
/// ```
#[inline(always)]
pub fn king(sq: Square) -> Bitboard {
    Bitboard(KING[sq as usize])
}

/// Squares a pawn of `color` on `sq` attacks (captures diagonally forward).
///
/// ```
/// use chess_arbiter::{attacks, Color, Square};
/// assert_eq!(attacks::pawn(Color::White, Square::E4).into_iter().collect::<Vec<_>>(),
///            vec![Square::D5, Square::F5]);
/// ```
#[inline(always)]
pub fn pawn(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color as usize][sq as usize])
}

#[inline(always)]
fn magic_lookup(m: &Magic, occupied: Bitboard) -> Bitboard {
    let index = m.offset + ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    // Always in range (the tables are built so), but the compiler cannot
    // tell: a `get` keeps the lookup free of a panic, so that the move
    // generator cannot unwind, which lets the optimiser fill a returned
    // move list in place (see `Position::legal_moves`).
    Bitboard(SLIDERS.get(index).copied().unwrap_or(0))
}

/// Squares a rook on `sq` attacks, given the occupied squares.
///
/// ```
/// use chess_arbiter::{attacks, Bitboard, Square};
/// let blockers = Bitboard::from_square(Square::A4);
/// assert!(attacks::rook(Square::A1, blockers).contains(Square::A4));
/// assert!(!attacks::rook(Square::A1, blockers).contains(Square::A5));
/// ```
#[inline(always)]
pub fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&ROOK[sq as usize], occupied)
}

/// Squares a bishop on `sq` attacks, given the occupied squares.
///
/// ```
/// use chess_arbiter::{attacks, Bitboard, Square};
/// assert_eq!(attacks::bishop(Square::A1, Bitboard::EMPTY).len(), 7);
/// ```
#[inline(always)]
pub fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&BISHOP[sq as usize], occupied)
}

/// Squares a queen on `sq` attacks, given the occupied squares.
///
/// ```
/// use chess_arbiter::{attacks, Bitboard, Square};
/// assert_eq!(attacks::queen(Square::D4, Bitboard::EMPTY).len(), 27);
/// ```
#[inline(always)]
pub fn queen(sq: Square, occupied: Bitboard) -> Bitboard {
    rook(sq, occupied) | bishop(sq, occupied)
}

/// Squares a piece of `role` on `sq` attacks on an empty board (none for
/// a pawn), by role and square: one table read, no `match` on the role
/// (its jump's target changes from move to move and is mispredicted).
#[inline(always)]
pub(crate) fn empty_reach(role: Role, sq: Square) -> Bitboard {
    Bitboard(EMPTY_REACH[role as usize][sq as usize])
}

/// Squares a bishop on `sq` attacks on an empty board.
#[inline(always)]
pub(crate) fn bishop_rays(sq: Square) -> Bitboard {
    Bitboard(BISHOP_RAYS[sq as usize])
}

/// Squares a rook on `sq` attacks on an empty board.
#[inline(always)]
pub(crate) fn rook_rays(sq: Square) -> Bitboard {
    Bitboard(ROOK_RAYS[sq as usize])
}

/// The squares strictly between `a` and `b` if they share a rank, file or diagonal; else empty.
///
/// ```
/// use chess_arbiter::{attacks, Square};
/// assert_eq!(attacks::between(Square::A1, Square::D4).len(), 2);
/// assert!(attacks::between(Square::A1, Square::B3).is_empty());
/// ```
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(LINES.0[a as usize][b as usize])
}

/// The whole rank, file or diagonal through `a` and `b` (both included); empty if none.
///
/// ```
/// use chess_arbiter::{attacks, Square};
/// assert_eq!(attacks::line(Square::B2, Square::C3).len(), 8);
/// assert!(attacks::line(Square::A1, Square::B3).is_empty());
/// ```
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINES.1[a as usize][b as usize])
}

/// `true` if `a`, `b` and `c` lie on one rank, file or diagonal.
///
/// ```
/// use chess_arbiter::{attacks, Square};
/// assert!(attacks::aligned(Square::A1, Square::C3, Square::H8));
/// ```
#[inline(always)]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

/// The squares from which a piece of `role` (not a pawn) attacks `to`:
/// every such attack is symmetric, so these are its attacks from `to`.
/// Empty for a pawn, whose attacks are not.
#[inline(always)]
pub(crate) fn reach(role: Role, to: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Knight => knight(to),
        Role::Bishop => bishop(to, occupied),
        Role::Rook => rook(to, occupied),
        Role::Queen => queen(to, occupied),
        Role::King => king(to),
        Role::Pawn => Bitboard::EMPTY,
    }
}

/// The squares a unit of `role` and `color` on `sq` attacks, with
/// `occupied` as blockers (a pawn's captures included).
#[inline]
pub(crate) fn piece_attacks(role: Role, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => pawn(color, sq),
        _ => reach(role, sq, occupied),
    }
}

#[cfg(test)]
mod tests {
    use super::{bishop, king, knight, queen, reach, rook};
    use crate::{Bitboard, Role, Square};

    #[test]
    fn rays_are_the_attacks_on_an_empty_board() {
        for sq in Square::ALL {
            assert_eq!(super::bishop_rays(sq), bishop(sq, Bitboard::EMPTY));
            assert_eq!(super::rook_rays(sq), rook(sq, Bitboard::EMPTY));
        }
    }

    #[test]
    fn reach_is_the_attack_set_of_every_piece_but_the_pawn() {
        let occupied = Bitboard::from_square(Square::D6) | Bitboard::from_square(Square::F4);
        for to in [Square::A1, Square::D4, Square::H8, Square::E5] {
            assert_eq!(reach(Role::Knight, to, occupied), knight(to));
            assert_eq!(reach(Role::Bishop, to, occupied), bishop(to, occupied));
            assert_eq!(reach(Role::Rook, to, occupied), rook(to, occupied));
            assert_eq!(reach(Role::Queen, to, occupied), queen(to, occupied));
            assert_eq!(reach(Role::King, to, occupied), king(to));
            assert_eq!(reach(Role::Pawn, to, occupied), Bitboard::EMPTY);
        }
    }

    #[test]
    fn slider_attacks_match_a_ray_walk_for_every_blocker_subset() {
        // Every subset of the squares that matter, plus noise elsewhere:
        // the two-step look-up gives the same set as walking the rays.
        let mut noise = 0x9e37_79b9_7f4a_7c15u64;
        for sq in Square::ALL {
            let i = sq as usize;
            for (dirs, mask, get) in [
                (
                    &super::ROOK_DIRS,
                    super::relevant(i, &super::ROOK_DIRS),
                    rook as fn(Square, Bitboard) -> Bitboard,
                ),
                (
                    &super::BISHOP_DIRS,
                    super::relevant(i, &super::BISHOP_DIRS),
                    bishop as fn(Square, Bitboard) -> Bitboard,
                ),
            ] {
                let mut subset = 0u64;
                loop {
                    noise ^= noise << 13;
                    noise ^= noise >> 7;
                    noise ^= noise << 17;
                    let occupied = subset | (noise & !mask);
                    assert_eq!(
                        get(sq, Bitboard(occupied)),
                        Bitboard(super::slide(i, subset, dirs))
                    );
                    subset = subset.wrapping_sub(mask) & mask;
                    if subset == 0 {
                        break;
                    }
                }
            }
        }
    }
}
