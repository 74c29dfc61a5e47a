//! A board picture for people: `{:#}` on a [`Position`].

use crate::position::Position;
use crate::{File, Rank, Square};
use core::fmt::{self, Write};

impl Position {
    /// Draws the board, rank 8 at the top, with files and ranks labelled:
    /// Unicode figurines when `figurines` is true, FEN letters otherwise.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// let picture = Position::new().board(false);
    /// assert!(picture.starts_with("8 r n b q k b n r"));
    /// assert!(picture.ends_with("  a b c d e f g h\n"));
    /// ```
    pub fn board(&self, figurines: bool) -> alloc::string::String {
        let mut s = alloc::string::String::new();
        let _ = self.draw(&mut s, figurines);
        s
    }

    pub(crate) fn write_board(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.draw(f, true)
    }

    fn draw<W: Write>(&self, w: &mut W, figurines: bool) -> fmt::Result {
        for rank in Rank::ALL.into_iter().rev() {
            w.write_char(rank.char())?;
            for file in File::ALL {
                w.write_char(' ')?;
                let c = match self.piece_at(Square::from_coords(file, rank)) {
                    Some(p) if figurines => p.figurine(),
                    Some(p) => p.char(),
                    None => '.',
                };
                w.write_char(c)?;
            }
            w.write_char('\n')?;
        }
        w.write_str("  a b c d e f g h\n")
    }
}
