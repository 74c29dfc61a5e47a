//! Text shared by the value types: the inline string type behind `San` and
//! `Uci` (no heap), the enums' name tables, and serde through text.

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

        impl core::ops::Deref for $name {
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

        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl core::fmt::Debug for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                core::fmt::Debug::fmt(self.as_str(), f)
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
pub(crate) use inline_text;

/// One row of an enum's name table: the value, its token (the one machine
/// spelling, written by serde and the Arrow columns) and the words its
/// `Display` writes. Each table lists the values in declaration order, so a
/// value's row is found by its discriminant (checked by [`check_names`]).
pub(crate) type Name<T> = (T, &'static str, &'static str);

/// Checks at compile time that a name table lists its enum's values in
/// declaration order.
macro_rules! check_names {
    ($table:expr) => {
        const _: () = {
            let mut i = 0;
            while i < $table.len() {
                assert!($table[i].0 as usize == i, "name table out of order");
                i += 1;
            }
        };
    };
}
pub(crate) use check_names;

/// The value whose token is `s`. Older spellings read too: a token written
/// with `-` where it now has `_` (`"double-push"`, `"king-side"`), and the
/// texts `older` lists.
// Only serde reads names so far.
#[cfg_attr(not(feature = "serde"), allow(dead_code))]
pub(crate) fn find_name<T: Copy>(table: &[Name<T>], older: &[(T, &str)], s: &str) -> Option<T> {
    let same = |token: &str| {
        token.len() == s.len()
            && token
                .bytes()
                .zip(s.bytes())
                .all(|(a, b)| a == b || (a == b'_' && b == b'-'))
    };
    table
        .iter()
        .find(|row| same(row.1))
        .map(|row| row.0)
        .or_else(|| older.iter().find(|row| row.1 == s).map(|row| row.0))
}

/// Reading text-formed values with serde (feature `serde`): every value
/// type that has a text form is written as that text and read back through
/// its parser, so reading never yields a value the library would not build
/// itself. Errors quote at most 60 characters of the input.
///
/// | type | form | example |
/// |---|---|---|
/// | [`Color`](crate::Color), [`Role`](crate::Role) | name | `"white"`, `"knight"` |
/// | [`Piece`](crate::Piece) | FEN letter | `"N"`, `"q"` |
/// | [`File`](crate::File), [`Rank`](crate::Rank), [`Square`](crate::Square) | coordinates | `"e"`, `"4"`, `"e4"` |
/// | [`Bitboard`](crate::Bitboard) | `u64`, bit `i` for square `i` (a1 = 0) | `65280` |
/// | [`CastlingMode`](crate::CastlingMode), [`CastlingSide`](crate::CastlingSide), [`MoveKind`](crate::MoveKind) | name | `"chess960"` |
/// | [`Move`](crate::Move) | UCI, with the kind when UCI cannot tell it | `"g1f3"`, `"e2e4 double_push"` |
/// | [`Position`](crate::Position) | FEN (X-FEN for Chess960) | `"rnbqkbnr/… w KQkq - 0 1"` |
/// | [`Game`](crate::Game) | start FEN and UCI moves | `{"start": "…", "moves": ["e2e4"]}` |
/// | [`WinReason`](crate::WinReason), [`DrawReason`](crate::DrawReason), [`Outcome`](crate::Outcome) | name; result, winner, reason | `{"result": "1-0", "winner": "white", "reason": "checkmate"}` |
/// | [`San`], [`Uci`] | the text | `"Nf3"`, `"e1g1"` |
///
/// ```
/// # #[cfg(feature = "std")] {
/// use chess_arbiter::{Game, Move, Square};
/// let mut game = Game::new();
/// game.play_uci("e2e4").unwrap();
/// let json = serde_json::to_string(&game).unwrap();
/// assert_eq!(json, r#"{"start":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","moves":["e2e4"]}"#);
/// assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game);
/// let m: Move = serde_json::from_str(r#""e2e4 double_push""#).unwrap();
/// assert_eq!(m, Move::double_push(Square::E2, Square::E4));
/// assert!(serde_json::from_str::<Square>(r#""i9""#).is_err());
/// # }
/// ```
#[cfg(feature = "serde")]
pub(crate) mod de {
    use crate::quote::bounded;
    use alloc::format;
    use alloc::string::String;
    use core::marker::PhantomData;
    use serde::de::{self, Deserializer, Visitor};

    /// Reads a string and turns it into a value, or into an error message.
    struct TextVisitor<T> {
        expecting: &'static str,
        parse: fn(&str) -> Result<T, String>,
        marker: PhantomData<T>,
    }

    impl<T> Visitor<'_> for TextVisitor<T> {
        type Value = T;

        fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str(self.expecting)
        }

        fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
            (self.parse)(v).map_err(E::custom)
        }
    }

    /// Reads a string with `parse`; `expecting` says what was expected
    /// when the input is no string at all.
    pub(crate) fn text<'de, D: Deserializer<'de>, T>(
        d: D,
        expecting: &'static str,
        parse: fn(&str) -> Result<T, String>,
    ) -> Result<T, D::Error> {
        d.deserialize_str(TextVisitor {
            expecting,
            parse,
            marker: PhantomData,
        })
    }

    /// Parses with `FromStr`, naming the rejected input in the message.
    pub(crate) fn from_str<T: core::str::FromStr>(s: &str) -> Result<T, String>
    where
        T::Err: core::fmt::Display,
    {
        s.parse().map_err(|e| format!("{e}, got {:?}", bounded(s)))
    }

    /// serde's `unknown_field` error, with the key quoted bounded.
    pub(crate) fn unknown_field<E: de::Error>(key: &str, expected: &'static [&'static str]) -> E {
        E::unknown_field(&bounded(key), expected)
    }

    /// The error for a text that is none of `tokens`.
    pub(crate) fn not_a_name<'a>(
        what: &str,
        tokens: impl Iterator<Item = &'a str>,
        s: &str,
    ) -> String {
        let mut expected = String::new();
        for token in tokens {
            if !expected.is_empty() {
                expected.push_str(", ");
            }
            expected.push_str(token);
        }
        format!(
            "invalid {what}: expected one of {expected}, got {:?}",
            bounded(s)
        )
    }

    /// serde's error for a field given twice.
    pub(crate) fn duplicate_field<E: de::Error>(key: &str) -> E {
        E::custom(format_args!("duplicate field `{}`", bounded(key)))
    }
}

/// `Serialize` through `Display` and `Deserialize` through `FromStr`, for a
/// type whose text form is its whole value.
#[cfg(feature = "serde")]
macro_rules! serde_via_text {
    ($ty:ty, $expecting:expr) => {
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                $crate::text::de::text(d, $expecting, $crate::text::de::from_str::<$ty>)
            }
        }
    };
}
#[cfg(feature = "serde")]
pub(crate) use serde_via_text;

/// `Serialize` and `Deserialize` for a fieldless enum with a name table
/// ([`Name`]): written as its token, read from its token or an older
/// spelling ([`find_name`]).
#[cfg(feature = "serde")]
macro_rules! serde_names {
    ($ty:ty, $what:expr, $table:expr, $older:expr) => {
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.name())
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                $crate::text::de::text(d, concat!("a ", $what), |s| {
                    $crate::text::find_name(&$table, &$older, s).ok_or_else(|| {
                        $crate::text::de::not_a_name($what, $table.iter().map(|row| row.1), s)
                    })
                })
            }
        }
    };
}
#[cfg(feature = "serde")]
pub(crate) use serde_names;

/// `Serialize` and `Deserialize` for an inline text type: written as its
/// text. A bare text has no position to check the move against, so reading
/// checks its shape with `$valid`.
#[cfg(feature = "serde")]
macro_rules! serde_inline_text {
    ($ty:ident, $valid:expr, $expecting:expr) => {
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                $crate::text::de::text(d, $expecting, |s| {
                    if !$valid(s) {
                        return Err(alloc::format!(
                            concat!("invalid ", $expecting, ", got {:?}"),
                            $crate::quote::bounded(s)
                        ));
                    }
                    let mut t = $ty::empty();
                    t.push_str(s);
                    Ok(t)
                })
            }
        }
    };
}
#[cfg(feature = "serde")]
pub(crate) use serde_inline_text;
