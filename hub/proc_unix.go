//go:build unix

package hub

import (
	"os/exec"
	"syscall"
)

// newGroup makes cmd start in a process group of its own, unless the caller
// set up its process attributes: a wrapper script's engine, or a child the
// engine forks, is then in the group that the client ends.
func newGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	}
}

// groupOf returns the process group that cmd, started, leads, or 0 when
// it leads none.
func groupOf(cmd *exec.Cmd) int {
	if a := cmd.SysProcAttr; a != nil && a.Setpgid && a.Pgid == 0 {
		return cmd.Process.Pid
	}
	return 0
}

// killGroup kills every process of the group pgid.
func killGroup(pgid int) { syscall.Kill(-pgid, syscall.SIGKILL) }
