#include "CLazyLibrary.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Opens every soname and resolves every symbol; fills library->error on failure. Called once,
   under library->lock. */
static int lazy_library_open(lazy_library *library) {
    void *handles[16];
    size_t handle_count = 0;
    for (const char *const *soname = library->sonames; *soname != NULL; soname++) {
        if (handle_count == sizeof(handles) / sizeof(handles[0])) {
            snprintf(library->error, sizeof(library->error), "too many libraries to open for %s", library->name);
            return 0;
        }
        void *handle = dlopen(*soname, RTLD_NOW | RTLD_LOCAL);
        if (handle == NULL) {
            const char *reason = dlerror();
            snprintf(library->error, sizeof(library->error), "%s", reason != NULL ? reason : *soname);
            return 0;
        }
        handles[handle_count++] = handle;
    }
    for (size_t index = 0; index < library->symbol_count; index++) {
        void *address = NULL;
        /* dlsym on a handle searches that library and its dependencies only: never the
           executable, so a trampoline cannot resolve to itself. */
        for (size_t h = 0; h < handle_count && address == NULL; h++) {
            address = dlsym(handles[h], library->symbols[index]);
        }
        if (address == NULL) {
            snprintf(library->error, sizeof(library->error), "%s has no function %s",
                     library->sonames[0], library->symbols[index]);
            return 0;
        }
        library->table[index] = address;
    }
    /* The handles stay open for the life of the process. */
    return 1;
}

int lazy_library_load(lazy_library *library) {
    int state = atomic_load_explicit(&library->state, memory_order_acquire);
    if (state != 0) return state == 1;
    pthread_mutex_lock(&library->lock);
    state = atomic_load_explicit(&library->state, memory_order_relaxed);
    if (state == 0) {
        state = lazy_library_open(library) ? 1 : -1;
        atomic_store_explicit(&library->state, state, memory_order_release);
        if (state == 1 && library->on_load != NULL) library->on_load();
    }
    pthread_mutex_unlock(&library->lock);
    return state == 1;
}

const char *lazy_library_error(lazy_library *library) {
    return atomic_load_explicit(&library->state, memory_order_acquire) == -1 ? library->error : NULL;
}

int lazy_library_is_loaded(const lazy_library *library) {
    return atomic_load_explicit(&((lazy_library *)library)->state, memory_order_acquire) == 1;
}

void *lazy_library_function(lazy_library *library, size_t index) {
    if (atomic_load_explicit(&library->state, memory_order_acquire) != 1 && !lazy_library_load(library)) {
        fprintf(stderr, "glint: %s cannot be loaded (%s) and a caller used it without checking\n",
                library->name, library->error);
        abort();
    }
    return library->table[index];
}
