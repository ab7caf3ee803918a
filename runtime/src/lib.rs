//! amiga-rt
