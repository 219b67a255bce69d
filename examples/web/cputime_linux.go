package main

import (
	"context"
	"runtime"
	"syscall"
	"time"
	"unsafe"
)

// cpuLimited returns a context for a search that the calling goroutine
// runs until it calls the stop function: it ends when the search has had
// cpu of processor time, or after wall. The goroutine is locked to its
// thread meanwhile, whose processor time is the search's: on a busy server
// a search waits for a core, which a limit on the clock would count
// against the position. The processor time is read when the search looks
// at the context's Err, which the library's searches do between turns of
// their work; a search that only watched Done would have the wall limit.
func cpuLimited(ctx context.Context, cpu, wall time.Duration) (context.Context, context.CancelFunc) {
	runtime.LockOSThread()
	clock := threadClock()
	begin, ok := threadTime(clock)
	if !ok {
		runtime.UnlockOSThread()
		return context.WithTimeout(ctx, cpu)
	}
	inner, cancel := context.WithTimeout(ctx, wall)
	return &cpuContext{inner, cancel, clock, begin + cpu}, func() {
		cancel()
		runtime.UnlockOSThread()
	}
}

// cpuContext is a context that ends when a thread's processor-time clock
// reaches until, as its Err finds.
type cpuContext struct {
	context.Context
	cancel context.CancelFunc
	clock  uintptr
	until  time.Duration
}

func (c *cpuContext) Err() error {
	if used, _ := threadTime(c.clock); used >= c.until {
		c.cancel()
	}
	return c.Context.Err()
}

// threadClock returns the processor-time clock of the calling thread:
// MAKE_THREAD_CPUCLOCK(tid, CPUCLOCK_SCHED) in Linux's posix-timers.h.
func threadClock() uintptr { return uintptr(int32(^uint32(syscall.Gettid())<<3 | 6)) }

// threadCPU returns the processor time of the calling thread so far.
func threadCPU() (time.Duration, bool) { return threadTime(threadClock()) }

// threadTime reads the processor-time clock of a thread.
func threadTime(clock uintptr) (time.Duration, bool) {
	var ts syscall.Timespec
	_, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clock, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano()), errno == 0
}
