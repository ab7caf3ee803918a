//! The ARexx command set of AREXX.md: tokenizer, parser, dispatch against an
//! engine trait, RCs and reply text. Builds on `gadgetscope-core` only.
#![cfg_attr(not(test), no_std)]
extern crate alloc;
