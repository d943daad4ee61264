//! Tests of the game rules, through the pure API.
