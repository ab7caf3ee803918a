//! `cargo xtask <command>`: host build orchestration for GadgetScope.
mod hunk;

fn main() {
    println!("xtask");
}
