package hub

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/frisian-draughts/frisian/internal/errtext"
)

// DefaultStopTimeout is the StopTimeout of the zero Options.
const DefaultStopTimeout = 5 * time.Second

// Options configure a Client. The zero value is usable.
type Options struct {
	// StopTimeout is how long the engine has to end a search after stop,
	// and to exit after quit, before it is killed (DefaultStopTimeout when
	// 0). The protocol lets an engine take its time over stop, but not
	// forever.
	StopTimeout time.Duration

	// Log, when not nil, sees every line sent to the engine (sent true) and
	// every line read from it, without the newline, as it goes. It is called
	// from more than one goroutine, one call at a time; it must not call
	// the Client.
	Log func(sent bool, line string)
}

// ID is the engine's identity, from its id line.
type ID struct {
	Name, Version, Author, Country string
	// Line is the id line as read, for fields not listed here.
	Line Line
}

// Param is a parameter the engine declares (a param line), with its value
// as last set.
type Param struct {
	Name  string
	Value string
	// Type is "bool", "int", "real", "string" or "enum", or what the
	// engine wrote; Min and Max bound an int or real, Values lists the
	// choices of an enum.
	Type     string
	Min, Max string
	Values   []string
}

// Client is a connection to a Hub engine: a subprocess started with Start
// or StartCmd, or any pair of streams given to NewClient.
//
// A Client runs one search at a time. Its methods are safe for concurrent
// use; one that would send the engine a command while a search runs
// returns ErrBusy, except Quit and Close, which end the search. Close it
// to end the engine: otherwise the process and a goroutine stay.
type Client struct {
	opt     Options
	w       io.Writer
	closeIO func() // ends the connection: unblocks the reader and writers
	wait    func() error
	stderr  *tail

	// wlock is held while a line is written, one at a time; a writer
	// waits for it no longer than its context lasts.
	wlock chan struct{}
	logMu sync.Mutex // one call of Options.Log at a time

	// ctl carries the reader's lines other than info and done to the
	// operation waiting for them.
	ctl  chan Line
	dead chan struct{} // closed when the reader has ended
	// life ends when the connection does; it bounds the checking of the
	// engine's moves.
	life       context.Context
	endLife    context.CancelFunc
	endIO      sync.Once
	deadErr    error // why the reader ended; set before dead is closed
	exitStatus error // how the engine ended: nil for a clean exit

	// op is held by the operation in progress, one at a time (begin,
	// Quit); it guards the fields below. An operation waits for it no
	// longer than its context lasts.
	op          chan struct{}
	owedPongs   int // pongs still to come for syncs given up on
	initialized bool
	closed      bool

	infoMu sync.Mutex // guards id and params, which operations set
	id     ID
	params []Param

	smu        sync.Mutex // guards the fields below
	search     *Searching
	killReason error
}

// Start starts the engine at path with args, in the directory that holds it
// (engines such as Scan read their data files from there, as Hub GUIs
// expect), and does the opening handshake (hub … wait). Scan wants the
// argument "hub":
//
//	c, err := hub.Start(ctx, "/opt/scan/scan", "hub")
//
// ctx bounds the start and the handshake, not the life of the engine; give
// it a deadline, since an engine that never answers would otherwise be
// waited for forever. On failure the process is killed. See StartCmd for
// other directories, environments and options.
func Start(ctx context.Context, path string, args ...string) (*Client, error) {
	if ctx == nil {
		return nil, errtext.NilContext("hub: Start")
	}
	if strings.ContainsRune(path, filepath.Separator) {
		if abs, err := filepath.Abs(path); err == nil {
			path = abs
		}
	}
	cmd := exec.Command(path, args...)
	if filepath.IsAbs(cmd.Path) {
		cmd.Dir = filepath.Dir(cmd.Path)
	}
	return StartCmd(ctx, cmd, Options{})
}

// StartCmd starts cmd, which must not have been started and must leave
// Stdin and Stdout unset, and does the opening handshake. When cmd.Stderr
// is nil the client keeps the last few KiB the engine writes there for
// ExitError. ctx bounds the start and the handshake only.
//
// On unix, when cmd.SysProcAttr is nil, the engine runs in a process group
// of its own, and the client ends the whole group: when it kills the
// engine (Close, Quit, a context that ends, a stop not answered) and when
// the engine exits, so that an engine behind a wrapper script, or a child
// it forked, does not outlive it. A caller that sets SysProcAttr decides
// the group itself (the group is ended when Setpgid is set and Pgid 0).
func StartCmd(ctx context.Context, cmd *exec.Cmd, o Options) (*Client, error) {
	if ctx == nil {
		return nil, errtext.NilContext("hub: StartCmd")
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if cmd.Stdin != nil || cmd.Stdout != nil {
		return nil, fmt.Errorf("hub: StartCmd: Stdin or Stdout already set: %w", os.ErrInvalid)
	}
	o = o.withDefaults()
	p, err := startProcess(cmd, o.StopTimeout)
	if err != nil {
		return nil, err
	}
	c := newClient(p.out, p.in, o, p.end, p.wait)
	c.stderr = p.tail
	go c.read(p.out)
	if err := c.handshake(ctx); err != nil {
		c.kill(err)
		<-c.dead
		return nil, err
	}
	return c, nil
}

// process is an engine process started by StartCmd, with the pipes of its
// standard streams.
type process struct {
	cmd     *exec.Cmd
	in, out *os.File // the engine's input and output, the client's ends
	tail    *tail    // the engine's stderr, when the client keeps it
	pgid    int      // the process group to end with it, or 0

	exited chan struct{} // closed once the process has been waited for
	status error         // its exit status; set before exited is closed
	// copied is closed when the copy of stderr has ended (at once when
	// there is none); errOut is the read end it copies from.
	copied chan struct{}
	errOut *os.File
	grace  time.Duration // how long the copy may outlast the process

	mu     sync.Mutex
	reaped bool // the process has been waited for; its group is not signalled again
}

// startProcess starts cmd with pipes of its own for the standard streams:
// the client closes them, and Wait waits for the process alone, not for a
// child that holds a copy of them.
func startProcess(cmd *exec.Cmd, grace time.Duration) (*process, error) {
	p := &process{cmd: cmd, exited: make(chan struct{}), copied: make(chan struct{}), grace: grace}
	var child []*os.File // the ends the engine gets, closed here once it has them
	closeAll := func() {
		for _, f := range append(child, p.in, p.out, p.errOut) {
			if f != nil {
				f.Close()
			}
		}
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("hub: %w", err)
	}
	child, p.in = append(child, inR), inW
	outR, outW, err := os.Pipe()
	if err != nil {
		closeAll()
		return nil, fmt.Errorf("hub: %w", err)
	}
	child, p.out = append(child, outW), outR
	cmd.Stdin, cmd.Stdout = inR, outW
	var errTo io.Writer
	switch w := cmd.Stderr.(type) {
	case *os.File:
	case nil:
		p.tail = &tail{}
		errTo = p.tail
	default:
		errTo = w
	}
	if errTo != nil {
		errR, errW, err := os.Pipe()
		if err != nil {
			closeAll()
			return nil, fmt.Errorf("hub: %w", err)
		}
		child, p.errOut = append(child, errW), errR
		cmd.Stderr = errW
	}
	newGroup(cmd)
	if err := cmd.Start(); err != nil {
		closeAll()
		return nil, fmt.Errorf("hub: starting engine: %w", err)
	}
	for _, f := range child {
		f.Close()
	}
	p.pgid = groupOf(cmd)
	if p.errOut != nil {
		go func() {
			io.Copy(errTo, p.errOut)
			p.errOut.Close()
			close(p.copied)
		}()
	} else {
		close(p.copied)
	}
	go func() {
		err := cmd.Wait()
		p.mu.Lock()
		if p.pgid > 0 {
			killGroup(p.pgid) // what the engine left running
		}
		p.reaped = true
		p.mu.Unlock()
		p.status = err
		close(p.exited)
	}()
	return p, nil
}

// end kills the engine, and its process group, and closes the client's
// ends of its pipes.
func (p *process) end() {
	p.mu.Lock()
	if !p.reaped {
		if p.pgid > 0 {
			killGroup(p.pgid)
		}
		p.cmd.Process.Kill()
	}
	p.mu.Unlock()
	p.in.Close()
	p.out.Close()
}

// wait waits for the process to exit, and for the copy of its stderr
// (for up to the grace time more, for a process outside the group that
// holds it), and returns its exit status.
func (p *process) wait() error {
	<-p.exited
	t := time.NewTimer(p.grace)
	defer t.Stop()
	select {
	case <-p.copied:
	case <-t.C:
		p.errOut.Close()
		<-p.copied
	}
	return p.status
}

// NewClient does the opening handshake with an engine that reads the lines
// written to w and answers on r, and returns a client of it. ctx bounds the
// handshake only.
//
// The client's goroutine reads r until it ends. Killing an engine that does
// not answer (see Options.StopTimeout) closes w and r; give an r that is an
// io.Closer whose Close ends a blocked Read (as io.PipeReader and os.File
// are), or the goroutine waits for r to end by itself.
func NewClient(ctx context.Context, r io.Reader, w io.Writer, o Options) (*Client, error) {
	if ctx == nil {
		return nil, errtext.NilContext("hub: NewClient")
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	c := newClient(r, w, o, func() {
		if wc, ok := w.(io.Closer); ok {
			wc.Close()
		}
		if rc, ok := r.(io.Closer); ok {
			rc.Close()
		}
	}, nil)
	go c.read(r)
	if err := c.handshake(ctx); err != nil {
		c.kill(err)
		<-c.dead
		return nil, err
	}
	return c, nil
}

// withDefaults returns o with the defaults of its zero fields.
func (o Options) withDefaults() Options {
	if o.StopTimeout <= 0 {
		o.StopTimeout = DefaultStopTimeout
	}
	return o
}

func newClient(r io.Reader, w io.Writer, o Options, closeIO func(), wait func() error) *Client {
	o = o.withDefaults()
	c := &Client{
		opt:   o,
		w:     w,
		wait:  wait,
		ctl:   make(chan Line, 256),
		dead:  make(chan struct{}),
		wlock: make(chan struct{}, 1),
		op:    make(chan struct{}, 1),
	}
	c.life, c.endLife = context.WithCancel(context.Background())
	// Ending the connection also ends the reader's wait to pass on an
	// answer nobody reads any more.
	c.closeIO = func() { c.endLife(); c.endIO.Do(closeIO) }
	return c
}

// ID returns the engine's identity.
func (c *Client) ID() ID {
	c.infoMu.Lock()
	defer c.infoMu.Unlock()
	return c.id
}

// Params returns the parameters the engine declared, with the values last
// set.
func (c *Client) Params() []Param {
	c.infoMu.Lock()
	defer c.infoMu.Unlock()
	out := slices.Clone(c.params)
	for i := range out {
		out[i].Values = slices.Clone(out[i].Values)
	}
	return out
}

// Param returns the parameter called name and whether the engine declared
// it.
func (c *Client) Param(name string) (Param, bool) {
	for _, p := range c.Params() {
		if p.Name == name {
			return p, true
		}
	}
	return Param{}, false
}

// handshake sends hub and reads the identity and the parameters up to wait.
func (c *Client) handshake(ctx context.Context) error {
	if err := c.lockOp(ctx); err != nil {
		return err
	}
	defer c.unlockOp()
	if err := c.send(ctx, cmd("hub")); err != nil {
		return err
	}
	return c.await(ctx, "wait", func(l Line) {
		c.infoMu.Lock()
		defer c.infoMu.Unlock()
		switch l.Command {
		case "id":
			c.id = ID{Line: l}
			c.id.Name, _ = l.Get("name")
			c.id.Version, _ = l.Get("version")
			c.id.Author, _ = l.Get("author")
			c.id.Country, _ = l.Get("country")
		case "param":
			// A parameter declared again replaces the first; past
			// maxParams an engine's flood is dropped.
			p := parseParam(l)
			if i := slices.IndexFunc(c.params, func(q Param) bool { return q.Name == p.Name }); i >= 0 {
				c.params[i] = p
			} else if len(c.params) < maxParams {
				c.params = append(c.params, p)
			}
		}
	})
}

// maxParams is the most parameters a client keeps of an engine's.
const maxParams = 256

func parseParam(l Line) Param {
	var p Param
	p.Name, _ = l.Get("name")
	p.Value, _ = l.Get("value")
	p.Type, _ = l.Get("type")
	p.Min, _ = l.Get("min")
	p.Max, _ = l.Get("max")
	if v, ok := l.Get("values"); ok {
		p.Values = strings.Fields(v)
	}
	return p
}

// SetParam sets an engine parameter (set-param name=… value=…). The Hub GUI
// sets parameters before Init, and engines may ignore them after. The error
// wraps ErrRejected when the engine answers with an error line, and
// ErrProtocol when name or value cannot be written in the protocol (a value
// holding '"' or a newline).
func (c *Client) SetParam(ctx context.Context, name, value string) error {
	end, err := c.begin(ctx, "Client.SetParam")
	if err != nil {
		return err
	}
	defer end()
	return c.setParam(ctx, name, value)
}

func (c *Client) setParam(ctx context.Context, name, value string) error {
	l := cmd("set-param", "name", name, "value", value)
	if err := l.Validate(); err != nil {
		return err
	}
	if err := c.send(ctx, l); err != nil {
		return err
	}
	if err := c.sync(ctx); err != nil {
		return err
	}
	c.infoMu.Lock()
	defer c.infoMu.Unlock()
	for i := range c.params {
		if c.params[i].Name == name {
			c.params[i].Value = value
		}
	}
	return nil
}

// A Setting is an engine parameter and the value to give it.
type Setting struct{ Name, Value string }

// Settings are settings to give in order. As a flag.Value each Set adds
// one written NAME=VALUE, for a program's repeatable flag:
//
//	var settings hub.Settings
//	flag.Var(&settings, "engine-param", "set an engine parameter `NAME=VALUE` (repeatable)")
//	…
//	err := c.Setup(ctx, settings...)
type Settings []Setting

// String returns the settings as NAME=VALUE, separated by spaces.
func (s *Settings) String() string {
	if s == nil {
		return ""
	}
	parts := make([]string, len(*s))
	for i, x := range *s {
		parts[i] = x.Name + "=" + x.Value
	}
	return strings.Join(parts, " ")
}

// Set adds the setting NAME=VALUE. The error, for text without a name and
// '=', wraps os.ErrInvalid.
func (s *Settings) Set(v string) error {
	name, value, ok := strings.Cut(v, "=")
	if !ok || name == "" {
		return fmt.Errorf("hub: setting %q: want NAME=VALUE: %w", v, os.ErrInvalid)
	}
	*s = append(*s, Setting{Name: name, Value: value})
	return nil
}

// Setup does what a program does once after Start: it sets the parameters
// in order (SetParam) and then initialises the engine (Init). The error
// names the setting that failed and wraps SetParam's or Init's error; the
// client stays open, to be closed by the caller.
func (c *Client) Setup(ctx context.Context, settings ...Setting) error {
	end, err := c.begin(ctx, "Client.Setup")
	if err != nil {
		return err
	}
	defer end()
	for _, s := range settings {
		if err := c.setParam(ctx, s.Name, s.Value); err != nil {
			return fmt.Errorf("hub: parameter %s=%s: %w", s.Name, s.Value, err)
		}
	}
	return c.init(ctx)
}

// Init ends the initialisation (init … ready), after which the engine can
// search. Before that it sets the parameter variant to frisian when the
// engine declares one with another value: Scan plays international
// draughts by default. The error wraps ErrVariant when the engine's variant
// parameter offers no frisian, ErrRejected when the engine sends an error
// line while initialising. When ctx ends before the engine is ready, the
// engine is killed, since it is then in no known state.
//
// Go calls Init when it has not been called.
func (c *Client) Init(ctx context.Context) error {
	end, err := c.begin(ctx, "Client.Init")
	if err != nil {
		return err
	}
	defer end()
	return c.init(ctx)
}

func (c *Client) init(ctx context.Context) error {
	for _, p := range c.Params() {
		if p.Name != "variant" || p.Value == "frisian" {
			continue
		}
		if p.Type == "enum" && !slices.Contains(p.Values, "frisian") {
			return fmt.Errorf("%w (its variants: %s)", ErrVariant, strings.Join(p.Values, " "))
		}
		if err := c.setParam(ctx, "variant", "frisian"); err != nil {
			return err
		}
	}
	if err := c.send(ctx, cmd("init")); err != nil {
		return err
	}
	var msgs messages
	err := c.await(ctx, "ready", msgs.add)
	if err != nil {
		if ctx.Err() != nil {
			c.kill(fmt.Errorf("hub: init given up: %w", err))
		}
		return err
	}
	c.initialized = true
	if len(msgs) > 0 {
		return &EngineError{Messages: msgs}
	}
	return nil
}

// NewGame tells the engine that the next search is unrelated to the last
// ones (new-game), so that it may clear its tables.
func (c *Client) NewGame(ctx context.Context) error {
	end, err := c.begin(ctx, "Client.NewGame")
	if err != nil {
		return err
	}
	defer end()
	if err := c.send(ctx, cmd("new-game")); err != nil {
		return err
	}
	return c.sync(ctx)
}

// Ping checks that the engine answers (ping … pong). The error wraps
// ErrRejected when error lines come between the ping and the pong; those
// the engine sent while the client was idle, answering nothing, are
// dropped.
func (c *Client) Ping(ctx context.Context) error {
	end, err := c.begin(ctx, "Client.Ping")
	if err != nil {
		return err
	}
	defer end()
	return c.sync(ctx)
}

// Quit asks the engine to exit (quit) and waits until it has, for up to
// StopTimeout or until ctx ends, then kills it if it has not. A running
// search ends with ErrClosed; an operation in progress that does not end
// within StopTimeout is ended by killing the engine. Quit returns nil when
// the engine exited cleanly, an *ExitError when it failed, an error
// wrapping ErrUnresponsive when it had to be killed after StopTimeout, and
// one wrapping ctx's error when it was killed because ctx ended. Calls
// after the first return nil.
func (c *Client) Quit(ctx context.Context) error {
	if ctx == nil {
		return errtext.NilContext("hub: Client.Quit")
	}
	wait, cancel := context.WithTimeout(ctx, c.opt.StopTimeout)
	err := c.lockOp(wait)
	cancel()
	if err != nil {
		// An operation holds on: kill the engine, which ends it.
		c.kill(ErrClosed)
		select {
		case c.op <- struct{}{}:
		case <-ctx.Done():
			<-c.dead
			return fmt.Errorf("hub: quit: %w", ctx.Err())
		}
	}
	defer c.unlockOp()
	if c.closed {
		return nil
	}
	c.closed = true
	c.smu.Lock()
	if c.killReason == nil {
		c.killReason = ErrClosed
	}
	c.smu.Unlock()
	select {
	case <-c.dead:
	default:
		if ctx.Err() == nil {
			// An engine that does not read it is killed below.
			sendCtx, cancel := context.WithTimeout(ctx, c.opt.StopTimeout)
			c.send(sendCtx, cmd("quit"))
			cancel()
		}
		// The engine's stdin closes with the process's end, or here for
		// an engine that waits for it.
		c.closeWrite()
		t := time.NewTimer(c.opt.StopTimeout)
		defer t.Stop()
		select {
		case <-c.dead:
		case <-t.C:
			c.kill(ErrUnresponsive)
			<-c.dead
			return fmt.Errorf("%w to quit within %v: killed", ErrUnresponsive, c.opt.StopTimeout)
		case <-ctx.Done():
			c.kill(ErrClosed)
			<-c.dead
			return fmt.Errorf("hub: quit: %w", ctx.Err())
		}
	}
	if c.exitStatus != nil {
		return &ExitError{Err: c.exitStatus, Stderr: c.stderr.String()}
	}
	return nil
}

// Close is Quit without a context: it waits at most StopTimeout.
func (c *Client) Close() error { return c.Quit(context.Background()) }

// closeWrite closes the engine's input when the client can, after the
// line being written; a write that does not end within StopTimeout is
// ended by killing the engine.
func (c *Client) closeWrite() {
	wc, ok := c.w.(io.Closer)
	if !ok {
		return
	}
	t := time.NewTimer(c.opt.StopTimeout)
	defer t.Stop()
	select {
	case c.wlock <- struct{}{}:
		wc.Close()
		<-c.wlock
	case <-t.C:
		c.kill(ErrUnresponsive)
	}
}

// lockOp takes the operation lock, waiting no longer than ctx lasts.
func (c *Client) lockOp(ctx context.Context) error {
	select {
	case c.op <- struct{}{}:
		return nil
	default:
	}
	select {
	case c.op <- struct{}{}:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("hub: waiting for the operation in progress: %w", ctx.Err())
	}
}

func (c *Client) unlockOp() { <-c.op }

// begin begins the operation op: it refuses a nil ctx, takes the operation
// lock and checks that the client is usable, waiting for a search that is
// being stopped to end. On success the caller calls end when the operation
// is over, to release the lock.
func (c *Client) begin(ctx context.Context, op string) (end func(), err error) {
	if ctx == nil {
		return nil, errtext.NilContext("hub: " + op)
	}
	if err := c.lockOp(ctx); err != nil {
		return nil, err
	}
	if err := c.usable(ctx); err != nil {
		c.unlockOp()
		return nil, err
	}
	return c.unlockOp, nil
}

// usable returns the error for an operation on a closed or dead client,
// or one with a search running, and drops the control lines left over
// from earlier (a stray error while idle), which are not about the
// commands the operation sends. A search that has been told to stop is
// waited for while ctx lasts: the engine answers stop, or is killed after
// StopTimeout. The operation lock is held.
func (c *Client) usable(ctx context.Context) error {
	if c.closed {
		return ErrClosed
	}
	c.smu.Lock()
	s := c.search
	c.smu.Unlock()
	if s != nil {
		s.mu.Lock()
		stopping := s.stopped
		s.mu.Unlock()
		if !stopping {
			return ErrBusy
		}
		select {
		case <-s.done:
		case <-ctx.Done():
			return fmt.Errorf("hub: waiting for the last search to stop: %w", ctx.Err())
		}
	}
	select {
	case <-c.dead:
		return c.deadErr
	default:
	}
	for {
		select {
		case l := <-c.ctl:
			if l.Command == "pong" && c.owedPongs > 0 {
				c.owedPongs--
			}
		default:
			return nil
		}
	}
}

// writeGrace is how long a write under way when its context ends may
// take to finish before the engine is taken to have stopped reading: a
// line to a pipe with room is written in microseconds, but a deadline may
// fall in the middle of it.
const writeGrace = 20 * time.Millisecond

// send writes l. When ctx ends while the write is blocked (after
// writeGrace: an engine that no longer reads), the engine is killed and
// the error wraps ErrUnresponsive and ctx's error; when it ends while an
// earlier write holds the line, send returns ctx's error, having written
// nothing.
func (c *Client) send(ctx context.Context, l Line) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	select {
	case <-c.dead:
		return c.deadErr
	default:
	}
	select {
	case c.wlock <- struct{}{}:
	case <-ctx.Done():
		return fmt.Errorf("hub: writing %s: %w", l.Command, ctx.Err())
	}
	s := l.String()
	c.log(true, s)
	written := make(chan struct{})
	decided := make(chan struct{})
	var killed error
	stop := context.AfterFunc(ctx, func() {
		defer close(decided)
		t := time.NewTimer(writeGrace)
		defer t.Stop()
		select {
		case <-written:
		case <-t.C:
			killed = fmt.Errorf("%w: writing %s: %w", ErrUnresponsive, l.Command, ctx.Err())
			c.kill(killed)
		}
	})
	_, err := io.WriteString(c.w, s+"\n")
	close(written)
	if !stop() {
		<-decided
	}
	<-c.wlock
	switch {
	case killed != nil:
		return killed
	case err != nil:
		return c.gone(ctx, err)
	}
	return nil
}

// gone returns the error for a write that failed: the engine has exited,
// or will soon. An engine that closed its input but goes on is killed
// after StopTimeout, or when ctx ends.
func (c *Client) gone(ctx context.Context, err error) error {
	t := time.NewTimer(c.opt.StopTimeout)
	defer t.Stop()
	select {
	case <-c.dead:
	case <-t.C:
		c.kill(&ExitError{Err: err})
		<-c.dead
	case <-ctx.Done():
		c.kill(&ExitError{Err: err})
		return fmt.Errorf("%w: %w", &ExitError{Err: err}, ctx.Err())
	}
	return c.deadErr
}

// await reads control lines until one with the command want, passing the
// others to f. Pongs owed to syncs given up on are skipped.
func (c *Client) await(ctx context.Context, want string, f func(Line)) error {
	for {
		select {
		case l := <-c.ctl:
			if l.Command == "pong" && c.owedPongs > 0 {
				c.owedPongs--
				continue
			}
			if l.Command == want {
				return nil
			}
			if f != nil {
				f(l)
			}
		case <-c.dead:
			return c.deadErr
		case <-ctx.Done():
			return fmt.Errorf("hub: waiting for %s: %w", want, ctx.Err())
		}
	}
}

// messages collects the error lines of an engine's answer, up to
// maxMessages of them: an engine that floods its answer with errors
// costs bounded memory while the caller's context runs.
type messages []string

// maxMessages is the most error messages an answer keeps.
const maxMessages = 32

func (m *messages) add(l Line) {
	switch {
	case l.Command != "error":
	case len(*m) < maxMessages:
		text, _ := l.Get("message")
		*m = append(*m, text)
	case len(*m) == maxMessages:
		*m = append(*m, "…")
	}
}

// sync sends ping and waits for pong, and returns the error lines the
// engine sent before it as an *EngineError: pong comes after the answers to
// every earlier command, so they are the answers to the commands just sent.
func (c *Client) sync(ctx context.Context) error {
	if err := c.send(ctx, cmd("ping")); err != nil {
		return err
	}
	var msgs messages
	err := c.await(ctx, "pong", msgs.add)
	if err != nil {
		if ctx.Err() != nil {
			c.owedPongs++
		}
		return err
	}
	if len(msgs) > 0 {
		return &EngineError{Messages: msgs}
	}
	return nil
}

// kill ends the connection for reason, which later calls return.
func (c *Client) kill(reason error) {
	c.smu.Lock()
	if c.killReason == nil {
		c.killReason = reason
	}
	c.smu.Unlock()
	c.closeIO()
}

func (c *Client) log(sent bool, line string) {
	if c.opt.Log != nil {
		c.logMu.Lock()
		defer c.logMu.Unlock()
		c.opt.Log(sent, line)
	}
}

// read reads the engine's lines until its output ends: info and done go to
// the running search, other known lines to ctl, and lines the protocol
// says to ignore (unknown commands, malformed lines, the chatter Scan
// prints while initialising) are dropped.
func (c *Client) read(r io.Reader) {
	br := bufio.NewReaderSize(r, 4096)
	var readErr error
	for {
		s, err := readLine(br)
		if err != nil {
			readErr = err
			break
		}
		c.log(false, s)
		l, err := ParseLine(s)
		if err != nil {
			continue
		}
		switch l.Command {
		case "info", "done":
			c.searchLine(l)
		case "wait", "ready", "pong":
			// The answers an operation waits for are never dropped: one
			// lost pong would leave every later sync one behind. The
			// operation reads the channel until it has its answer, and
			// Close ends the wait.
			select {
			case c.ctl <- l:
			case <-c.life.Done():
			}
		case "id", "param", "error":
			// Never block: an engine that floods the client while nobody
			// waits loses these lines, not the client's goroutine.
			select {
			case c.ctl <- l:
			default:
			}
		}
	}
	status := readErr
	if errors.Is(readErr, io.EOF) {
		status = nil
	}
	if c.wait != nil {
		// An engine that closed its output but goes on running is of no
		// use; it gets the time to exit that quit gives, then is killed.
		t := time.AfterFunc(c.opt.StopTimeout, c.closeIO)
		status = c.wait()
		t.Stop()
	}
	exit := &ExitError{Err: status, Stderr: c.stderr.String()}
	c.smu.Lock()
	reason := c.killReason
	if reason == nil {
		reason = exit
	}
	c.exitStatus = status
	c.deadErr = reason
	s := c.search
	c.search = nil
	c.smu.Unlock()
	if s != nil {
		s.finish(Result{}, reason)
	}
	c.endLife()
	c.closeIO()
	close(c.dead)
}

// readLine reads a line without its end. A line longer than MaxLineLength
// is skipped.
func readLine(br *bufio.Reader) (string, error) {
	var buf []byte
	long := false
	for {
		chunk, err := br.ReadSlice('\n')
		// The bound leaves room for the line's end, "\r\n" at most; the
		// line itself is measured once it is whole.
		if !long && len(buf)+len(chunk) <= MaxLineLength+2 {
			buf = append(buf, chunk...)
		} else {
			long, buf = true, buf[:0]
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err != nil:
			if s := strings.TrimRight(string(buf), "\r\n"); len(buf) > 0 && !long && err == io.EOF && len(s) <= MaxLineLength {
				// A last line without its newline.
				return s, nil
			}
			return "", err
		}
		s := strings.TrimRight(string(buf), "\r\n")
		if long || len(s) > MaxLineLength {
			long, buf = false, buf[:0]
			continue
		}
		return s, nil
	}
}

// tail keeps the last bytes written to it.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

const tailSize = 4 << 10

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > tailSize {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-tailSize:]...)
	}
	return len(p), nil
}

// String returns the bytes kept; a nil tail holds none.
func (t *tail) String() string {
	if t == nil {
		return ""
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
