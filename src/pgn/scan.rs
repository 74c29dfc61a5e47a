//! Byte search eight bytes at a time (SWAR: SIMD within a register), for
//! the reader's hot loops: line ends, comment ends.

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

/// The high bit of every zero byte of `v` set (and maybe of bytes above the
/// lowest zero byte: only the lowest one counts).
#[inline(always)]
fn zero_bytes(v: u64) -> u64 {
    v.wrapping_sub(LO) & !v & HI
}

/// The first index of `a`, `b` or `c` in `haystack`.
#[inline]
pub(crate) fn find3(haystack: &[u8], a: u8, b: u8, c: u8) -> Option<usize> {
    let (va, vb, vc) = (LO * u64::from(a), LO * u64::from(b), LO * u64::from(c));
    let mut chunks = haystack.chunks_exact(8);
    let mut at = 0;
    for chunk in chunks.by_ref() {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let v = u64::from_le_bytes(word);
        let hits = zero_bytes(v ^ va) | zero_bytes(v ^ vb) | zero_bytes(v ^ vc);
        if hits != 0 {
            return Some(at + (hits.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|&x| x == a || x == b || x == c)
        .map(|k| at + k)
}

/// The first index of `a` or `b` in `haystack`.
#[inline]
pub(crate) fn find2(haystack: &[u8], a: u8, b: u8) -> Option<usize> {
    find3(haystack, a, b, b)
}

/// The first index of `a` in `haystack`.
#[inline]
pub(crate) fn find(haystack: &[u8], a: u8) -> Option<usize> {
    find3(haystack, a, a, a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_first_match_at_every_offset() {
        for len in 0..40 {
            for at in 0..len {
                let mut h = alloc::vec![b'x'; len];
                h[at] = b'}';
                if at + 3 < len {
                    h[at + 3] = b'{';
                }
                assert_eq!(find(&h, b'}'), Some(at));
                assert_eq!(find2(&h, b'{', b'}'), Some(at));
                assert_eq!(find3(&h, b'\n', b'{', b'}'), Some(at));
            }
            assert_eq!(find(&alloc::vec![0x80; len], b'\n'), None);
            assert_eq!(find(&alloc::vec![0xff; len], 0x7f), None);
        }
    }
}
