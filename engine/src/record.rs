//! `RECORD START|STOP|SAVE` (docs/reference/commands.md, "RECORD"): the
//! recording session. While it is on, the program feeds the user's input
//! ([`GsEngine::record_events`]) to `gadgetscope_record::Recorder`,
//! which walks the live tree at each event; `SAVE` writes the steps as an
//! ARexx or an `amipilot` Python script through the program's
//! [`FileSystem`](crate::files::FileSystem).

use alloc::format;
use alloc::vec::Vec;

use gadgetscope_arexx::{error, Error, Rc, RecordOp, Shown};
use gadgetscope_core::manifest::Manifest;
use gadgetscope_core::walk::IntuitionOs;
use gadgetscope_record::{arexx_script, python_script, Observed, Recorder};

use crate::recording::{count, RecordState, Session};
use crate::verbs::{Actor, GsEngine, System};

impl<O: IntuitionOs, S: System, A: Actor> GsEngine<O, S, A> {
    /// Whether RECORD is on: the program then keeps the handler in and
    /// feeds [`GsEngine::record_events`].
    pub fn recording(&self) -> bool {
        matches!(self.session, Session::On(_))
    }

    /// Where RECORD stands now.
    pub fn record_state(&self) -> RecordState {
        match &self.session {
            Session::Idle => RecordState::default(),
            Session::On(rec) => {
                RecordState { recording: true, steps: rec.steps().len(), unsaved: !rec.steps().is_empty() }
            }
            Session::Stopped { rec, saved } => {
                RecordState { recording: false, steps: rec.steps().len(), unsaved: !saved && !rec.steps().is_empty() }
            }
        }
    }

    /// The user's input drained from the handler, in order, and the
    /// events it lost since the last drain (its ring was full then, so
    /// they came after these). `manifest` names gadgets (`@name`); events
    /// in the windows `own` (GadgetScope's) are ignored. Nothing happens
    /// when RECORD is off.
    pub fn record_events(&mut self, events: &[Observed], lost: u32, manifest: Option<&Manifest>, own: &[u32]) {
        let Session::On(rec) = &mut self.session else { return };
        for e in events {
            rec.observe(&mut self.os, e, manifest, own);
        }
        rec.lost(lost);
    }

    /// `RECORD START|STOP|SAVE` (docs/reference/commands.md, "RECORD"),
    /// for a script's command and the window's Record control alike: the
    /// result text, or RC 10 for a refusal (START while recording, STOP
    /// while not, SAVE while recording or with nothing recorded), RC 20
    /// when the recording handler cannot be added or the file cannot be
    /// written.
    pub fn record(&mut self, op: &RecordOp) -> Result<Vec<u8>, Error> {
        match op {
            RecordOp::Start => {
                if self.recording() {
                    return Err(Error::new(Rc::Error, "already recording: RECORD STOP first"));
                }
                self.system
                    .record_start()
                    .map_err(|why| error!(Rc::Failed, "the recording input handler cannot be added: {why}"))?;
                self.session = Session::On(Recorder::start(&mut self.os));
                Ok(b"recording".to_vec())
            }
            RecordOp::Stop => {
                let Session::On(mut rec) = core::mem::take(&mut self.session) else {
                    return Err(Error::new(Rc::Error, "not recording"));
                };
                self.system.record_stop();
                rec.finish(&mut self.os);
                let mut text = count(rec.steps().len(), "step", "steps");
                let comments = rec.steps().len() - rec.commands();
                if comments > 0 {
                    text.push_str(&format!(" ({} not replayable)", comments));
                }
                if rec.lost_total() > 0 {
                    text.push_str(&format!(", {} lost", count(rec.lost_total() as usize, "event", "events")));
                }
                if rec.is_full() {
                    text.push_str(&format!(
                        ", full: {} not recorded",
                        count(rec.dropped() as usize, "later event", "later events")
                    ));
                }
                self.session = Session::Stopped { rec, saved: false };
                Ok(text.into_bytes())
            }
            RecordOp::Save { path, python } => {
                let rec = match &self.session {
                    Session::On(_) => return Err(Error::new(Rc::Error, "still recording: RECORD STOP first")),
                    Session::Stopped { rec, .. } if !rec.steps().is_empty() => rec,
                    _ => return Err(Error::new(Rc::Error, "nothing recorded")),
                };
                let text = if *python { python_script(rec) } else { arexx_script(rec, &self.port_name) };
                let n = rec.steps().len();
                self.system.write(path, &text).map_err(|code| {
                    let why = self.system.fault(code);
                    error!(Rc::Failed, "cannot write {}: {}", Shown(path), Shown(&why))
                })?;
                if let Session::Stopped { saved, .. } = &mut self.session {
                    *saved = true;
                }
                Ok(format!("saved {}", count(n, "step", "steps")).into_bytes())
            }
        }
    }

    /// Takes the handler out when the program ends while recording
    /// (the steps are dropped with the engine).
    pub fn record_shutdown(&mut self) {
        if self.recording() {
            self.system.record_stop();
            self.session = Session::Idle;
        }
    }
}
