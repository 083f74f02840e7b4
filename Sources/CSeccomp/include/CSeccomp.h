#ifndef GLINT_CSECCOMP_H
#define GLINT_CSECCOMP_H

/* The seccomp filter of a runner (glint runner, started under bubblewrap), built with libseccomp.

   The filter lets every system call through except those a media decoder never needs and an
   attacker who took over one would try first; those fail with EPERM (clone3 with ENOSYS, so that
   glibc falls back to clone, whose flags the filter can see). Refused:
   - sockets: socket, socketpair (the runner talks to its worker over the socket pairs it inherits
     as standard input and output, and never makes one);
   - other processes: ptrace, process_vm_readv, process_vm_writev, kcmp, pidfd_getfd;
   - namespaces and mounts: unshare, setns, clone with any CLONE_NEW* flag, mount, umount2,
     pivot_root, chroot, the new mount API (open_tree, move_mount, fsopen, fsconfig, fsmount,
     fspick, mount_setattr), name_to_handle_at, open_by_handle_at;
   - the kernel's riskier interfaces: bpf, perf_event_open, userfaultfd, io_uring_setup,
     io_uring_enter, io_uring_register, keyctl, add_key, request_key, personality (except
     PER_LINUX), modify_ldt, fanotify_init, the TIOCSTI and TIOCLINUX ioctls;
   - the machine: kexec_load, kexec_file_load, init_module, finit_module, delete_module, reboot,
     swapon, swapoff, acct, quotactl, syslog, settimeofday, clock_settime, clock_adjtime, adjtimex,
     iopl, ioperm, vhangup, uselib.
   A system call of another architecture (the 32-bit ABI through int 0x80, x32) kills the process.

   Where libseccomp does not know a name (an older release), that rule is left out. */

#include <stddef.h>

/* Builds the filter and returns its BPF program (malloc'd; the caller frees it) with its length
   in bytes in *length; NULL with a negative errno in *error when it cannot be built. */
unsigned char *glint_seccomp_runner_program(size_t *length, int *error);

/* A new close-on-exec memory file holding `length` bytes of `program`, positioned at its start
   (what bubblewrap's --seccomp FD reads); its descriptor, or a negative errno. */
int glint_seccomp_program_file(const unsigned char *program, size_t length);

#endif
