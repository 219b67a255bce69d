//go:build !unix

package hub

import "os/exec"

// Outside unix the engine is started as it is, and only its own process is
// killed.

func newGroup(cmd *exec.Cmd)    {}
func groupOf(cmd *exec.Cmd) int { return 0 }
func killGroup(pgid int)        {}
