//! How GadgetScope tells the user what went wrong outside its window: on
//! the Shell, or in a requester when Workbench started it.
use amiga_rt::dos::Dos;
use amiga_rt::intuition::Intuition;
use gadgetscope_window::controls::REQUEST_TITLE;

/// `GadgetScope: <message>` on the Shell (Latin-1), and the RC. Started
/// from Workbench there is no Shell (`Output()` is 0, RKRM Libraries
/// "Workbench and icon library"): the message goes to an EasyRequest
/// titled [`REQUEST_TITLE`] with one button, OK.
pub fn complain(dos: &Dos, message: &[u8], rc: i32) -> i32 {
    if dos.output() != 0 {
        dos.print(b"GadgetScope: ");
        dos.print(message);
        dos.print(b"\n");
    } else if let Ok(intuition) = Intuition::open() {
        intuition.easy_request(0, REQUEST_TITLE, message, b"OK");
    }
    rc
}
