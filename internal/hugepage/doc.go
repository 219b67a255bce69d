// Package hugepage asks the system to back large buffers with huge pages,
// where it can. A fresh process faults its memory in on first write, page
// by page: on the virtual machines measured, a 4 KiB page cost 2 to 11 µs,
// a 2 MiB huge page some 0.15 ms, so that a buffer of some megabytes
// written once costs milliseconds less. The advice changes no result: the
// system may refuse it, or have no huge page free, and then the pages are
// small.
package hugepage
