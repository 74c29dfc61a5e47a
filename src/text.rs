//! Short move texts (SAN, UCI) stored inline: no heap.

use core::fmt;
use core::ops::Deref;

/// Defines a small inline ASCII string type.
macro_rules! inline_text {
    ($(#[$doc:meta])* $name:ident, $cap:expr) => {
        $(#[$doc])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name {
            bytes: [u8; $cap],
            len: u8,
        }

        // Not every text type is built with every one of these builders.
        #[allow(dead_code)]
        impl $name {
            pub(crate) const fn empty() -> Self {
                Self { bytes: [0; $cap], len: 0 }
            }

            /// Appends an ASCII character; text beyond the capacity is dropped
            /// (the writers never produce any).
            #[inline(always)]
            pub(crate) fn push(&mut self, c: char) {
                if (self.len as usize) < $cap && c.is_ascii() {
                    self.bytes[self.len as usize] = c as u8;
                    self.len += 1;
                }
            }

            #[inline(always)]
            pub(crate) fn push_str(&mut self, s: &str) {
                for c in s.chars() {
                    self.push(c);
                }
            }

            /// The text.
            #[inline]
            pub fn as_str(&self) -> &str {
                // Only ASCII is ever pushed, so this never fails.
                core::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("")
            }
        }

        impl Deref for $name {
            type Target = str;
            #[inline]
            fn deref(&self) -> &str {
                self.as_str()
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Debug::fmt(self.as_str(), f)
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }
    };
}

inline_text!(
    /// A move in Standard Algebraic Notation (`Nf3`, `exd6`, `O-O-O`, `e8=Q#`),
    /// stored inline (no heap).
    ///
    /// ```
    /// use chess_arbiter::{Move, Position, Square};
    /// let pos = Position::new();
    /// let san = pos.san(Move::new(Square::G1, Square::F3));
    /// assert_eq!(san.as_str(), "Nf3");
    /// assert_eq!(&*san, "Nf3");
    /// assert_eq!(san.to_string(), "Nf3");
    /// ```
    San,
    8
);

impl San {
    /// The SAN whose ASCII bytes are packed into `packed`, first byte
    /// lowest, `len` of them: the SAN writer builds its text in a register,
    /// since byte-by-byte stores read back as one word stall the CPU.
    #[inline(always)]
    pub(crate) const fn from_packed(packed: u64, len: u8) -> San {
        San {
            bytes: packed.to_le_bytes(),
            len: if len > 8 { 8 } else { len },
        }
    }
}

inline_text!(
    /// A move in UCI notation (`e2e4`, `e7e8q`; castling `e1g1`, or `e1h1` in
    /// Chess960), stored inline (no heap).
    ///
    /// ```
    /// use chess_arbiter::{Move, Position, Square};
    /// let pos = Position::new();
    /// let uci = pos.uci(Move::new(Square::G1, Square::F3));
    /// assert_eq!(uci.as_str(), "g1f3");
    /// assert_eq!(uci.len(), 4);
    /// ```
    Uci,
    5
);
