//! UTF-8 checked a stretch of the game's text at a time.

/// The game's text checked as UTF-8 a stretch at a time: a token inside
/// the stretch last checked is sliced out of it with no check of its own;
/// one past it starts the next stretch (of [`STRETCH`] bytes or more, twice
/// the last). So
/// the text is checked about once, however many tokens ask.
pub(super) struct Utf8<'a> {
    text: &'a [u8],
    /// Where the stretch starts in `text`, and as much of it as is UTF-8.
    base: usize,
    valid: &'a str,
    /// Where a stretch stops unless a token reaches past it: the end of
    /// the line at hand, when the tokenizer knows it.
    pub(super) limit: usize,
}

/// The bytes [`Utf8`] checks at once, at first.
const STRETCH: usize = 1024;

impl<'a> Utf8<'a> {
    pub(super) fn new(text: &'a [u8]) -> Utf8<'a> {
        Utf8 {
            text,
            base: 0,
            valid: "",
            limit: usize::MAX,
        }
    }

    /// `text[a..b]` as text, when it is UTF-8 (`None`: check it alone).
    /// The slice's own bounds test tells whether the stretch holds it
    /// (`a` before the stretch wraps round to past its end): no test of
    /// its own before it.
    #[inline]
    pub(super) fn get(&mut self, a: usize, b: usize) -> Option<&'a str> {
        // From `a`, then its length: no test that the range is not reversed
        // (`b` is never before `a`).
        let from = self.valid.get(a.wrapping_sub(self.base)..);
        match from.and_then(|from| from.get(..b.wrapping_sub(a))) {
            Some(text) => Some(text),
            None => self.get_anew(a, b),
        }
    }

    /// The stretch last checked: where it starts in the text, and as much
    /// of it as is UTF-8 (empty before any check).
    pub(super) fn checked(&self) -> (usize, &'a str) {
        (self.base, self.valid)
    }

    /// [`Utf8::get`] of a token outside the stretch (or not UTF-8): a
    /// stretch starts at `a`.
    #[cold]
    #[inline(never)]
    fn get_anew(&mut self, a: usize, b: usize) -> Option<&'a str> {
        self.check_from(a, b);
        self.valid
            .get(a.wrapping_sub(self.base)..b.wrapping_sub(self.base))
    }

    /// Starts a stretch at `a` (a token's start), reaching `b` at least.
    fn check_from(&mut self, a: usize, b: usize) {
        // Each stretch twice the last (a game's text is checked about
        // once, whatever its length).
        let stretch = (2 * self.valid.len()).clamp(STRETCH, 1 << 20);
        let want = (a + stretch).min(self.limit).max(b).min(self.text.len());
        let part = &self.text[a..want];
        self.base = a;
        self.valid = match core::str::from_utf8(part) {
            Ok(s) => s,
            // The valid part: up to a byte that is not UTF-8, or a
            // character cut at the stretch's end.
            Err(e) => core::str::from_utf8(&part[..e.valid_up_to()]).unwrap_or_default(),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::Utf8;

    /// Whatever the limit (stale, on a character, past the end), every
    /// range reads as `core::str::from_utf8` reads it alone.
    #[test]
    fn a_range_reads_the_same_whatever_the_limit() {
        let mut text = alloc::vec::Vec::new();
        for k in 0..700u32 {
            match k % 7 {
                0 => text.extend_from_slice("é".as_bytes()),
                1 => text.extend_from_slice("♞\n".as_bytes()),
                2 if k % 5 == 0 => text.push(0xff),
                _ => text.push(b'a' + (k % 26) as u8),
            }
        }
        let n = text.len();
        for limit in [0, 1, 5, 100, 1023, 1500, n - 1, n, usize::MAX] {
            let mut utf8 = Utf8::new(&text);
            utf8.limit = limit;
            let mut a = 0;
            while a < n {
                let b = (a + 1 + a % 13).min(n);
                let want = core::str::from_utf8(&text[a..b]).ok();
                assert_eq!(utf8.get(a, b), want, "{limit} {a} {b}");
                a = b;
            }
        }
    }
}
