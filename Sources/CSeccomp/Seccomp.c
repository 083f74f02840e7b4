#define _GNU_SOURCE
#include "CSeccomp.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <seccomp.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/personality.h>
#include <sys/stat.h>
#include <unistd.h>

/* The system calls refused outright with EPERM, by name (resolved by libseccomp for this
   architecture: a name it does not know is skipped). */
static const char *const refused_calls[] = {
    "socket", "socketpair",
    "ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd",
    "unshare", "setns", "mount", "umount2", "pivot_root", "chroot", "open_tree", "move_mount", "fsopen", "fsconfig",
    "fsmount", "fspick", "mount_setattr", "name_to_handle_at", "open_by_handle_at",
    "bpf", "perf_event_open", "userfaultfd", "io_uring_setup", "io_uring_enter", "io_uring_register", "keyctl", "add_key",
    "request_key", "modify_ldt", "fanotify_init",
    "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module", "reboot", "swapon", "swapoff", "acct",
    "quotactl", "syslog", "settimeofday", "clock_settime", "clock_adjtime", "adjtimex", "iopl", "ioperm", "vhangup", "uselib",
};

/* The clone flags that make namespaces. */
static const unsigned long namespace_flags[] = {
    CLONE_NEWNS, CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET, CLONE_NEWUTS, CLONE_NEWIPC, CLONE_NEWCGROUP,
};

/* Adds `rule` unless libseccomp does not know the call here; a negative errno when it fails otherwise. */
static int add_rule(scmp_filter_ctx filter, uint32_t action, const char *name, unsigned count, const struct scmp_arg_cmp *comparisons) {
    int call = seccomp_syscall_resolve_name(name);
    if (call == __NR_SCMP_ERROR) return 0;
    int status = seccomp_rule_add_array(filter, action, call, count, comparisons);
    return status == -EACCES || status == -EOPNOTSUPP ? 0 : status;
}

/* The rules on arguments: clone with a namespace flag, personality other than PER_LINUX, the
   ioctls that push input into a terminal. */
static int add_argument_rules(scmp_filter_ctx filter) {
    uint32_t refuse = SCMP_ACT_ERRNO(EPERM);
    int status = 0;
    for (size_t i = 0; status == 0 && i < sizeof(namespace_flags) / sizeof(namespace_flags[0]); i++) {
        struct scmp_arg_cmp flag = SCMP_A0(SCMP_CMP_MASKED_EQ, namespace_flags[i], namespace_flags[i]);
        status = add_rule(filter, refuse, "clone", 1, &flag);
    }
    struct scmp_arg_cmp linux_only = SCMP_A0(SCMP_CMP_NE, PER_LINUX);
    struct scmp_arg_cmp push_input = SCMP_A1(SCMP_CMP_MASKED_EQ, 0xFFFFFFFFu, TIOCSTI);
    struct scmp_arg_cmp console = SCMP_A1(SCMP_CMP_MASKED_EQ, 0xFFFFFFFFu, TIOCLINUX);
    if (status == 0) status = add_rule(filter, refuse, "personality", 1, &linux_only);
    if (status == 0) status = add_rule(filter, refuse, "ioctl", 1, &push_input);
    if (status == 0) status = add_rule(filter, refuse, "ioctl", 1, &console);
    /* glibc falls back to clone when clone3 is missing; clone3's flags are out of a filter's sight. */
    if (status == 0) status = add_rule(filter, SCMP_ACT_ERRNO(ENOSYS), "clone3", 0, NULL);
    return status;
}

/* Reads the whole of `fd` from its start into a malloc'd buffer. */
static unsigned char *read_all(int fd, size_t *length, int *error) {
    struct stat status;
    if (fstat(fd, &status) != 0 || lseek(fd, 0, SEEK_SET) != 0) {
        *error = -errno;
        return NULL;
    }
    size_t size = (size_t)status.st_size;
    unsigned char *bytes = malloc(size > 0 ? size : 1);
    if (bytes == NULL) {
        *error = -ENOMEM;
        return NULL;
    }
    size_t done = 0;
    while (done < size) {
        ssize_t got = read(fd, bytes + done, size - done);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) {
            *error = got < 0 ? -errno : -EIO;
            free(bytes);
            return NULL;
        }
        done += (size_t)got;
    }
    *length = size;
    return bytes;
}

unsigned char *glint_seccomp_runner_program(size_t *length, int *error) {
    *error = 0;
    scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ALLOW);
    if (filter == NULL) {
        *error = -ENOMEM;
        return NULL;
    }
    /* Another architecture's calls (int 0x80) would otherwise pass a filter written for this one. */
    int status = seccomp_attr_set(filter, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS);
    for (size_t i = 0; status == 0 && i < sizeof(refused_calls) / sizeof(refused_calls[0]); i++) {
        status = add_rule(filter, SCMP_ACT_ERRNO(EPERM), refused_calls[i], 0, NULL);
    }
    if (status == 0) status = add_argument_rules(filter);
    unsigned char *program = NULL;
    int file = status == 0 ? memfd_create("glint-seccomp", MFD_CLOEXEC) : -1;
    if (status == 0 && file < 0) status = -errno;
    if (status == 0) status = seccomp_export_bpf(filter, file);
    if (status == 0) program = read_all(file, length, &status);
    if (file >= 0) close(file);
    seccomp_release(filter);
    *error = status;
    return program;
}

int glint_seccomp_program_file(const unsigned char *program, size_t length) {
    int file = memfd_create("glint-seccomp", MFD_CLOEXEC);
    if (file < 0) return -errno;
    size_t done = 0;
    while (done < length) {
        ssize_t wrote = write(file, program + done, length - done);
        if (wrote < 0 && errno == EINTR) continue;
        if (wrote <= 0) {
            int failure = wrote < 0 ? -errno : -EIO;
            close(file);
            return failure;
        }
        done += (size_t)wrote;
    }
    if (lseek(file, 0, SEEK_SET) != 0) {
        int failure = -errno;
        close(file);
        return failure;
    }
    return file;
}
