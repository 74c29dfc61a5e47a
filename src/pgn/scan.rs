//! Byte search for the reader's hot loops (line ends, comment ends), by the
//! `memchr` crate: vectorised where the target has it, no_std either way.

/// The first index of `a` or `b` in `haystack`.
#[inline]
pub(crate) fn find2(haystack: &[u8], a: u8, b: u8) -> Option<usize> {
    memchr::memchr2(a, b, haystack)
}

/// The first index of `a` in `haystack`.
#[inline]
pub(crate) fn find(haystack: &[u8], a: u8) -> Option<usize> {
    memchr::memchr(a, haystack)
}

/// The last index of `a` in `haystack`.
#[inline]
pub(crate) fn rfind(haystack: &[u8], a: u8) -> Option<usize> {
    memchr::memrchr(a, haystack)
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
            }
            assert_eq!(find(&alloc::vec![0x80; len], b'\n'), None);
            assert_eq!(find(&alloc::vec![0xff; len], 0x7f), None);
        }
    }
}
