//go:build !linux

package main

import (
	"context"
	"time"
)

// cpuLimited returns a context for a search that ends after cpu. (On Linux
// it ends when the search has had cpu of processor time, or after wall.)
func cpuLimited(ctx context.Context, cpu, wall time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, cpu)
}

// threadCPU reports that the processor time of a thread is not read here.
func threadCPU() (time.Duration, bool) { return 0, false }
