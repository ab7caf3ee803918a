//! canary
