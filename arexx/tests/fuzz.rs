//! Bounded fuzz run in the normal test suite: 200 000 inputs (random bytes
//! and mutated valid lines) to the parser. No panic, bounded time, and
//! every accepted line's canonical form parses back to the same command.

use std::time::Instant;

use gadgetscope_arexx::{parse, LINE_MAX};

/// xorshift64*: deterministic, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const SEEDS: &[&str] = &[
    "VERSION",
    "SCREENS",
    "TREE SCREEN=Work \"Serial Prefs\" FULL",
    "MENU Prefs",
    "PICK SCREEN=x",
    "CLICK Prefs ROLE=button LABEL=\"Connect Now\" INDEX=1 EXPECT=WINDOW=\"Save As\" TIMEOUT=5",
    "CLICK @connect EXPECT=NOWINDOW",
    "TYPE Prefs 7 hello \"world\"",
    "GETTEXT @status",
    "DRAG Prefs 4 -10 25",
    "DRAG Prefs ROLE=slider TO LABEL=Max",
    "WINDOWMOVE Prefs -5 10",
    "WINDOWSIZE Prefs 320 200",
    "MENUPICK Prefs 1 2 3",
    "WAITFOR WINDOW=Save TIMEOUT=3",
    "WAITFOR SCREEN=w NOWINDOW=\"a\\\"b\"",
    "WAITFOR Prefs 5 TEXT=\"done\"",
    "WAITFOR REQUESTER",
    "MANIFEST \"RAM:Demo.manifest\"",
    "WHERE @inner TIMEOUT=2",
    "MUIREXX YAM TIMEOUT=4 GETMAILS",
    "LAUNCH STACK=16384 C:Dir SYS:",
    "WBLAUNCH Work:Demo TOOLTYPE=A=1 ARG=\"RAM:b c\"",
    "LASTERROR",
    "SHOW",
    "HIDE",
    "HIGHLIGHT Prefs 3",
    "RECORD START",
    "RECORD STOP",
    "RECORD SAVE \"RAM:my rec.py\" PYTHON",
    "QUIT",
];

const PIECES: &[&[u8]] = &[
    b" ",
    b"\t",
    b"\"",
    b"\\",
    b"\\\"",
    b"=",
    b"@",
    b"-",
    b"0",
    b"65536",
    b"99999999999999999999",
    b"ROLE=",
    b"LABEL=",
    b"INDEX=",
    b"TIMEOUT=",
    b"EXPECT=",
    b"WINDOW=",
    b"NOWINDOW=",
    b"SCREEN=",
    b"TO",
    b"FULL",
    b"REQUESTER",
    b"PYTHON",
    b"SAVE",
    b"TEXT=",
    b"TOOLTYPE=",
    b"ARG=",
    b"STACK=",
    b"\xff",
    b"\0",
];

fn mutate(rng: &mut Rng, line: &mut Vec<u8>) {
    for _ in 0..1 + rng.below(4) {
        let pos = rng.below(line.len() + 1);
        match rng.below(6) {
            0 if pos < line.len() => {
                line.remove(pos);
            }
            1 if pos < line.len() => line[pos] = rng.next() as u8,
            2 => {
                let piece = PIECES[rng.below(PIECES.len())];
                line.splice(pos..pos, piece.iter().copied());
            }
            3 => line.truncate(pos),
            4 => {
                // Grow past a limit.
                let n = rng.below(300);
                line.splice(pos..pos, std::iter::repeat_n(b'a', n));
            }
            _ => line.insert(pos, rng.next() as u8),
        }
    }
}

#[test]
fn parser_never_panics_and_canonical_lines_round_trip() {
    let start = Instant::now();
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    let mut accepted = 0u32;
    for i in 0..200_000u32 {
        let input: Vec<u8> = match i % 4 {
            0 => (0..rng.below(320)).map(|_| rng.next() as u8).collect(),
            1 => (0..rng.below(64)).flat_map(|_| PIECES[rng.below(PIECES.len())].iter().copied()).collect(),
            _ => {
                let mut l = SEEDS[rng.below(SEEDS.len())].as_bytes().to_vec();
                mutate(&mut rng, &mut l);
                l
            }
        };
        if let Ok(cmd) = parse(&input) {
            accepted += 1;
            let line = cmd.to_line();
            // Limits apply to unescaped values, so quoting never pushes a
            // canonical line over one: it must read back identically.
            if line.len() <= LINE_MAX {
                let back = parse(&line)
                    .unwrap_or_else(|e| panic!("canonical {:?} rejected: {e}", String::from_utf8_lossy(&line)));
                assert_eq!(back, cmd, "input {:?}", String::from_utf8_lossy(&input));
            }
        }
    }
    assert!(accepted > 10_000, "mutations should keep many lines valid ({accepted})");
    // Linear-time parser: seconds even unoptimised; a hang fails here.
    assert!(start.elapsed().as_secs() < 120, "took {:?}", start.elapsed());
}

#[test]
fn huge_inputs_are_refused_quickly() {
    let long = vec![b'"'; LINE_MAX + 1];
    assert!(parse(&long).is_err());
    let mut many = b"WBLAUNCH w".to_vec();
    while many.len() < LINE_MAX - 8 {
        many.extend_from_slice(b" ARG=a");
    }
    assert!(parse(&many).is_ok());
}
