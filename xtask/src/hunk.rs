//! ELF -> AmigaOS hunk executable converter (being written).
