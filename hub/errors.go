package hub

import (
	"errors"
	"fmt"
	"strings"

	"github.com/frisian-draughts/frisian/internal/errtext"
)

// Sentinel errors. Every error about the engine or the connection wraps
// one of them, so that callers can test the kind of failure with
// errors.Is; a move that is not legal wraps one of the frisian package's
// sentinels as well. The other errors are the caller's: a context's error
// when it ends first, os.ErrInvalid for an argument that cannot be used
// (a nil context, for one), and the operating system's error when the
// engine cannot be started.
var (
	// ErrProtocol: a line broke the protocol: it is malformed, or it is
	// not the answer the protocol asks for (a done without a move, a move
	// that is not legal), or it is a line the caller asked to send that
	// the protocol cannot carry (see Line.Validate).
	ErrProtocol = errors.New("hub: protocol error")
	// ErrRejected: the engine answered a command with an error line.
	ErrRejected = errors.New("hub: engine rejected a command")
	// ErrEngineExited: the engine's output ended: the process exited or
	// the connection was closed from its side.
	ErrEngineExited = errors.New("hub: engine exited")
	// ErrUnresponsive: the engine did not answer stop or quit in time
	// (Options.StopTimeout), or did not read a command before the
	// context of the call ended, and was killed.
	ErrUnresponsive = errors.New("hub: engine did not answer")
	// ErrClosed: the client has been closed.
	ErrClosed = errors.New("hub: client closed")
	// ErrBusy: a search is running; stop it or wait for it first.
	ErrBusy = errors.New("hub: a search is running")
	// ErrNoMove: the position has no legal move, so there is nothing to
	// search (the protocol forbids asking).
	ErrNoMove = errors.New("hub: no legal move")
	// ErrVariant: the engine does not offer Frisian draughts.
	ErrVariant = errors.New("hub: engine does not play Frisian draughts")
)

// ProtocolError reports a line that broke the protocol.
type ProtocolError struct {
	Line string // the line at fault (cut to 200 bytes)
	Msg  string // what is wrong
	// Err is the underlying error, such as a *frisian.MoveError for a
	// move that is not legal; may be nil.
	Err error
}

func (e *ProtocolError) Error() string {
	var b strings.Builder
	b.WriteString("hub: protocol error: ")
	b.WriteString(e.Msg)
	if e.Err != nil {
		if e.Msg != "" {
			b.WriteString(": ")
		}
		b.WriteString(e.Err.Error())
	}
	if e.Line != "" {
		fmt.Fprintf(&b, " (in %q)", e.Line)
	}
	return b.String()
}

// Unwrap returns ErrProtocol and Err, so that errors.Is finds both, for
// example ErrProtocol and frisian.ErrIllegalMove.
func (e *ProtocolError) Unwrap() []error {
	if e.Err == nil {
		return []error{ErrProtocol}
	}
	return []error{ErrProtocol, e.Err}
}

// EngineError reports the error lines an engine sent in answer to commands.
type EngineError struct {
	Messages []string // the message of each error line, in order
}

func (e *EngineError) Error() string {
	return "hub: engine rejected a command: " + strings.Join(e.Messages, "; ")
}

// Unwrap returns ErrRejected.
func (e *EngineError) Unwrap() error { return ErrRejected }

// ExitError reports that the engine's output ended.
type ExitError struct {
	// Err is how the process ended (an *exec.ExitError, or nil for a
	// clean exit), or the read error that ended the connection.
	Err error
	// Stderr holds the last bytes the process wrote to its standard
	// error, when the client captured it (see StartCmd).
	Stderr string
}

func (e *ExitError) Error() string {
	var b strings.Builder
	b.WriteString("hub: engine exited")
	if e.Err != nil {
		b.WriteString(": ")
		b.WriteString(e.Err.Error())
	}
	if s := strings.TrimSpace(e.Stderr); s != "" {
		fmt.Fprintf(&b, " (stderr: %q)", errtext.Clip(s))
	}
	return b.String()
}

// Unwrap returns ErrEngineExited and Err.
func (e *ExitError) Unwrap() []error {
	if e.Err == nil {
		return []error{ErrEngineExited}
	}
	return []error{ErrEngineExited, e.Err}
}
