//! gadgetscope
