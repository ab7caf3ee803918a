//! Shell use of GadgetScope: the `ReadArgs()` template and what a command
//! line asks for. (Workbench starts take tooltypes instead.)
use alloc::string::String;
use alloc::vec::Vec;
use amiga_rt::readargs::Value;

/// The `ReadArgs()` template; `GadgetScope ?` prints it (dos.library).
pub const TEMPLATE: &str = "COMMAND";

/// The commands a Shell line can give.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShellCommand {
    /// `GadgetScope VERSION`: print the version line, RC 0.
    Version,
}

/// Why a line that fits the template still cannot run; printed as
/// `GadgetScope: <text>` with RC 10.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsageError(pub String);

/// Commands known to [`interpret`], for messages.
pub const COMMANDS: &[&str] = &["VERSION"];

/// Turns `ReadArgs()` values (in template order) into a command.
pub fn interpret(values: &[Value]) -> Result<ShellCommand, UsageError> {
    let command = match values.first() {
        Some(Value::Text(t)) => t.clone(),
        _ => Vec::new(),
    };
    if command.eq_ignore_ascii_case(b"VERSION") {
        Ok(ShellCommand::Version)
    } else if command.is_empty() {
        Err(UsageError(alloc::format!("no command given (commands: {})", COMMANDS.join(", "))))
    } else {
        let shown: String = command.iter().map(|&b| b as char).collect();
        Err(UsageError(alloc::format!("unknown command \"{shown}\" (commands: {})", COMMANDS.join(", "))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Value {
        Value::Text(s.as_bytes().to_vec())
    }

    #[test]
    fn version_any_case() {
        assert_eq!(interpret(&[text("VERSION")]), Ok(ShellCommand::Version));
        assert_eq!(interpret(&[text("version")]), Ok(ShellCommand::Version));
    }

    #[test]
    fn unknown_and_missing_commands_name_the_problem() {
        assert_eq!(interpret(&[text("FROB")]).unwrap_err().0, "unknown command \"FROB\" (commands: VERSION)");
        assert_eq!(interpret(&[Value::Absent]).unwrap_err().0, "no command given (commands: VERSION)");
        // Latin-1 bytes are shown as the characters they are.
        assert!(interpret(&[Value::Text(b"\xe9".to_vec())]).unwrap_err().0.contains('\u{e9}'));
    }

    #[test]
    fn template_has_one_slot_per_value() {
        assert_eq!(amiga_rt::readargs::slots(TEMPLATE).len(), 1);
    }
}
