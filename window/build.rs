//! Encodes the quirk-profile project icon (icons/art, `Profile.info`) so
//! that the program can write it next to exported profiles (it is not
//! shipped as a file; see xtask/src/dist.rs `ICON_PLACES`).
use std::path::PathBuf;

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("..");
    let art = root.join("icons/art");
    println!("cargo:rerun-if-changed={}", art.display());
    println!("cargo:rerun-if-changed={}", root.join("icons/src").display());
    let spec = icons::ICONS.iter().find(|s| s.file == "Profile.info").expect("icons::ICONS has Profile.info");
    let object = icons::disk_object(spec, &art).unwrap_or_else(|e| panic!("Profile.info: {e}"));
    let bytes = icons::info::encode(&object).unwrap_or_else(|e| panic!("Profile.info: {e}"));
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("Profile.info");
    std::fs::write(&out, bytes).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
}
