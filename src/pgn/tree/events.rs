//! A tree of variations walked on the heap, in the order the writer writes
//! it ([`Events`]), and what is built on that walk so that no depth of
//! nesting costs stack: `Drop`, `Clone`, `PartialEq` and `Debug` for
//! [`Variation`].

use super::{Node, Variation};
use alloc::vec::Vec;

/// One step of a walk over a tree of variations, in the order the writer
/// writes it: a variation opens, each of its moves comes, followed by the
/// variations that replace that move (each opened and closed), and the
/// variation closes.
#[derive(Copy, Clone)]
pub(crate) enum Event<'a> {
    Open(&'a Variation),
    /// Move `i` of the variation.
    Move(&'a Variation, usize),
    Close,
}

/// A walk over a tree of variations that keeps its place on the heap: no
/// stack per level of nesting.
pub(crate) struct Events<'a> {
    stack: Vec<Frame<'a>>,
}

struct Frame<'a> {
    line: &'a Variation,
    opened: bool,
    /// The move being visited, and whether it has been given out.
    i: usize,
    moved: bool,
    /// The next of its variations to visit.
    k: usize,
}

impl<'a> Frame<'a> {
    fn new(line: &'a Variation) -> Frame<'a> {
        Frame {
            line,
            opened: false,
            i: 0,
            moved: false,
            k: 0,
        }
    }
}

impl<'a> Events<'a> {
    pub(crate) fn new(root: &'a Variation) -> Events<'a> {
        Events {
            stack: alloc::vec![Frame::new(root)],
        }
    }
}

impl<'a> Iterator for Events<'a> {
    type Item = Event<'a>;

    fn next(&mut self) -> Option<Event<'a>> {
        loop {
            let top = self.stack.last_mut()?;
            if !top.opened {
                top.opened = true;
                return Some(Event::Open(top.line));
            }
            if top.moved {
                let line = top.line;
                if let Some(sub) = line.nodes[top.i].variations.get(top.k) {
                    top.k += 1;
                    self.stack.push(Frame::new(sub));
                    continue;
                }
                top.moved = false;
                top.i += 1;
                top.k = 0;
            }
            if top.i < top.line.nodes.len() {
                top.moved = true;
                return Some(Event::Move(top.line, top.i));
            }
            self.stack.pop();
            return Some(Event::Close);
        }
    }
}

impl Drop for Variation {
    /// Takes the variations below out level by level, so that dropping a
    /// deep tree does not recurse.
    fn drop(&mut self) {
        if self.nodes.iter().all(|n| n.variations.is_empty()) {
            return;
        }
        let mut pending: Vec<Variation> = Vec::new();
        for node in &mut self.nodes {
            pending.append(&mut node.variations);
        }
        while let Some(mut line) = pending.pop() {
            for node in &mut line.nodes {
                pending.append(&mut node.variations);
            }
            // `line` drops here with no variation left below it.
        }
    }
}

impl Clone for Variation {
    /// Copies the tree walking it on the heap (no recursion).
    fn clone(&self) -> Variation {
        // The copies being built, innermost last; a variation's own
        // variations come after its move and before its next one.
        let mut building: Vec<Variation> = Vec::new();
        for event in Events::new(self) {
            match event {
                Event::Open(line) => building.push(Variation {
                    start: line.start.clone(),
                    end: line.end.clone(),
                    starting_comment: line.starting_comment.clone(),
                    nodes: Vec::with_capacity(line.nodes.len()),
                }),
                Event::Move(line, i) => {
                    let node = &line.nodes[i];
                    if let Some(copy) = building.last_mut() {
                        copy.nodes.push(Node {
                            played: node.played,
                            nags: node.nags.clone(),
                            comment: node.comment.clone(),
                            variations: Vec::with_capacity(node.variations.len()),
                        });
                    }
                }
                Event::Close => {
                    let done = building.pop().expect("every Close follows its Open");
                    match building.last_mut().and_then(|p| p.nodes.last_mut()) {
                        Some(parent) => parent.variations.push(done),
                        None => return done,
                    }
                }
            }
        }
        unreachable!("the walk closes the variation it opened")
    }
}

impl PartialEq for Variation {
    /// Compares the trees walking both side by side (no recursion).
    fn eq(&self, other: &Variation) -> bool {
        let mut a = Events::new(self);
        let mut b = Events::new(other);
        loop {
            match (a.next(), b.next()) {
                (None, None) => return true,
                (Some(Event::Open(x)), Some(Event::Open(y))) => {
                    if x.start != y.start
                        || x.end != y.end
                        || x.starting_comment != y.starting_comment
                        || x.nodes.len() != y.nodes.len()
                    {
                        return false;
                    }
                }
                (Some(Event::Move(x, i)), Some(Event::Move(y, j))) => {
                    let (m, n) = (&x.nodes[i], &y.nodes[j]);
                    if m.played != n.played
                        || m.nags != n.nags
                        || m.comment != n.comment
                        || m.variations.len() != n.variations.len()
                    {
                        return false;
                    }
                }
                (Some(Event::Close), Some(Event::Close)) => {}
                _ => return false,
            }
        }
    }
}

impl Eq for Variation {}

impl core::fmt::Debug for Variation {
    /// The start, the moves (UCI) and how many variations there are below,
    /// without printing them: a deep tree prints in bounded space.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let moves: Vec<crate::Uci> = {
            let mut pos = self.start.clone();
            self.nodes
                .iter()
                .map(|n| {
                    let uci = pos.uci(n.played);
                    pos.play_unchecked(n.played);
                    uci
                })
                .collect()
        };
        let below = Events::new(self)
            .filter(|e| matches!(e, Event::Open(_)))
            .count()
            - 1;
        f.debug_struct("Variation")
            .field("start", &self.start.fen())
            .field("starting_comment", &self.starting_comment)
            .field("moves", &moves)
            .field("variations_below", &below)
            .finish()
    }
}
