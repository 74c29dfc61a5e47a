//! serde for outcomes (feature `serde`): `{"result": "1-0", "winner":
//! "white", "reason": "checkmate"}`, the result checked against the reason.

use super::{DrawReason, Outcome, WinReason};
use crate::Color;
use crate::text::de::{duplicate_field, not_a_name, text, unknown_field};
use crate::text::find_name;
use alloc::string::String;
use core::fmt;
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeStruct, Serializer};

crate::text::serde_names!(WinReason, "win reason", WinReason::NAMES, []);
crate::text::serde_names!(
    DrawReason,
    "draw reason",
    DrawReason::NAMES,
    DrawReason::OLDER_NAMES
);

impl Serialize for Outcome {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Outcome", 3)?;
        st.serialize_field("result", self.result())?;
        st.serialize_field("winner", &self.winner())?;
        match self {
            Outcome::Decisive { reason, .. } => st.serialize_field("reason", reason)?,
            Outcome::Draw { reason } => st.serialize_field("reason", reason)?,
        }
        st.end()
    }
}

const OUTCOME_FIELDS: &[&str] = &["result", "winner", "reason"];

/// A win reason or a draw reason, read from the same field.
enum Reason {
    Win(WinReason),
    Draw(DrawReason),
}

impl<'de> Deserialize<'de> for Reason {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        text(d, "a win or draw reason", |s| {
            find_name(&WinReason::NAMES, &[], s)
                .map(Reason::Win)
                .or_else(|| {
                    find_name(&DrawReason::NAMES, &DrawReason::OLDER_NAMES, s).map(Reason::Draw)
                })
                .ok_or_else(|| {
                    let tokens = WinReason::NAMES.iter().map(|row| row.1);
                    let tokens = tokens.chain(DrawReason::NAMES.iter().map(|row| row.1));
                    not_a_name("outcome reason", tokens, s)
                })
        })
    }
}

struct OutcomeVisitor;

impl OutcomeVisitor {
    fn build<E: de::Error>(
        result: String,
        winner: Option<Color>,
        reason: Reason,
    ) -> Result<Outcome, E> {
        let outcome = match (reason, winner) {
            (Reason::Win(reason), Some(winner)) => Outcome::Decisive { winner, reason },
            (Reason::Draw(reason), None) => Outcome::Draw { reason },
            (Reason::Win(_), None) => {
                return Err(E::custom("invalid outcome: a win needs a winner"));
            }
            (Reason::Draw(_), Some(_)) => {
                return Err(E::custom("invalid outcome: a draw has no winner (null)"));
            }
        };
        if outcome.result() != result {
            return Err(E::custom(format_args!(
                "invalid outcome: result {result:?} contradicts {outcome} ({})",
                outcome.result()
            )));
        }
        Ok(outcome)
    }
}

impl<'de> Visitor<'de> for OutcomeVisitor {
    type Value = Outcome;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "an outcome: {\"result\": \"1-0\", \"winner\": \"white\", \"reason\": \"checkmate\"}",
        )
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Outcome, A::Error> {
        let result = seq
            .next_element::<String>()?
            .ok_or_else(|| de::Error::invalid_length(0, &self))?;
        let winner = seq
            .next_element::<Option<Color>>()?
            .ok_or_else(|| de::Error::invalid_length(1, &self))?;
        let reason = seq
            .next_element::<Reason>()?
            .ok_or_else(|| de::Error::invalid_length(2, &self))?;
        if seq.next_element::<de::IgnoredAny>()?.is_some() {
            return Err(de::Error::invalid_length(4, &self));
        }
        OutcomeVisitor::build(result, winner, reason)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Outcome, A::Error> {
        let mut result = None;
        let mut winner = None;
        let mut reason = None;
        while let Some(key) = map.next_key::<String>()? {
            let duplicate = match key.as_str() {
                "result" => result.replace(map.next_value::<String>()?).is_some(),
                "winner" => winner.replace(map.next_value::<Option<Color>>()?).is_some(),
                "reason" => reason.replace(map.next_value::<Reason>()?).is_some(),
                _ => return Err(unknown_field(&key, OUTCOME_FIELDS)),
            };
            if duplicate {
                return Err(duplicate_field(&key));
            }
        }
        OutcomeVisitor::build(
            result.ok_or_else(|| de::Error::missing_field("result"))?,
            winner.ok_or_else(|| de::Error::missing_field("winner"))?,
            reason.ok_or_else(|| de::Error::missing_field("reason"))?,
        )
    }
}

impl<'de> Deserialize<'de> for Outcome {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_struct("Outcome", OUTCOME_FIELDS, OutcomeVisitor)
    }
}
