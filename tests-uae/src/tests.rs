//! Host tests of the scenario list (no emulator).

#[test]
fn every_benchmark_runs_alone() {
    let all = crate::all();
    let benches: Vec<&str> = all.iter().filter(|s| s.name.starts_with("bench-")).map(|s| s.name.as_str()).collect();
    assert!(benches.len() >= 6, "{benches:?}");
    for s in &all {
        assert_eq!(s.alone, s.name.starts_with("bench-"), "{}: a benchmark runs alone, nothing else must", s.name);
    }
}
