#ifndef CMAINQUEUE_H
#define CMAINQUEUE_H

/// Whether gps's main thread drains the main queue itself (installed before `main` runs, by a
/// constructor of this target): 1 once installed.
int cmainqueue_is_installed(void);

#endif
