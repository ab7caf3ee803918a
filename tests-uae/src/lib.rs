//! uae harness
