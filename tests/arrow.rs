//! The `arrow` feature.
