/*
 * The buffers the installers hand over (install.c), held alive for good and checked:
 * hold() takes a buffer's bytes, exactly as many as the table needs, and keeps them alive;
 * all_below() checks every entry of a table against the size of the table it indexes, and
 * hold_words() a part's words against its class ids and the fields its tiles allow;
 * read_ints() reads a short list of ints, each in its range. A buffer that passed a check
 * is remembered and not read again, so a table shared by parts is read once.
 */
#include "kernel.h"

/* The objects hold_object() took, hold()'s views among them, kept alive for good. */
static PyObject *HELD;

/* Keep `object` alive for good; -1 with an exception set if it cannot be. */
int
hold_object(PyObject *object)
{
    if (HELD == NULL && (HELD = PyList_New(0)) == NULL)
        return -1;
    return PyList_Append(HELD, object);
}

/* The bytes of `object` (any buffer, C-contiguous, exactly `length` bytes), kept alive
 * by a view held with hold_object(). */
const uint8_t *
hold(PyObject *object, Py_ssize_t length, const char *what)
{
    PyObject *view = PyMemoryView_FromObject(object);
    if (view == NULL)
        return NULL;
    Py_buffer *buffer = PyMemoryView_GET_BUFFER(view);
    if (!PyBuffer_IsContiguous(buffer, 'C') || buffer->len != length) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd contiguous bytes, got %zd", what,
                     length, buffer->len);
        Py_DECREF(view);
        return NULL;
    }
    int held = hold_object(view);
    Py_DECREF(view);
    return held < 0 ? NULL : (const uint8_t *)buffer->buf;
}

/* The buffers all_below() has passed, so a table shared by parts (the suits' class
 * ids) is read once. */
#define CHECKED_MAX 64
static struct {
    const uint8_t *table;
    Py_ssize_t length;
    int bound, or_value;
} CHECKED[CHECKED_MAX];
static int NCHECKED;
#define WORDS_CHECK (-2) /* the bound recorded for hold_words()'s check */

/* Whether all_below() or hold_words() has passed this buffer, for this check. */
static int
checked_before(const uint8_t *table, Py_ssize_t length, int bound, int or_value)
{
    for (int i = 0; i < NCHECKED; i++)
        if (CHECKED[i].table == table && CHECKED[i].length == length &&
            CHECKED[i].bound == bound && CHECKED[i].or_value == or_value)
            return 1;
    return 0;
}

/* Remember a buffer that passed: the views in HELD keep it alive, so its address is
 * never reused. */
static void
remember_checked(const uint8_t *table, Py_ssize_t length, int bound, int or_value)
{
    if (NCHECKED < CHECKED_MAX) {
        CHECKED[NCHECKED].table = table, CHECKED[NCHECKED].length = length;
        CHECKED[NCHECKED].bound = bound, CHECKED[NCHECKED].or_value = or_value;
        NCHECKED++;
    }
}

int
all_below(const uint8_t *table, Py_ssize_t length, int bound, int or_value,
          const char *what)
{
    if (checked_before(table, length, bound, or_value))
        return 1;
    for (Py_ssize_t i = 0; i < length; i++) {
        if (table[i] >= bound && table[i] != or_value) {
            PyErr_Format(PyExc_ValueError, "%s: entry %zd is %d, not below %d", what, i,
                         (int)table[i], bound);
            return 0;
        }
    }
    remember_checked(table, length, bound, or_value);
    return 1;
}

int
read_ints(PyObject *sequence, int *out, int n, int low, int high, const char *what)
{
    PyObject *fast = PySequence_Fast(sequence, what);
    if (fast == NULL)
        return 0;
    int ok = PySequence_Fast_GET_SIZE(fast) == n;
    for (int i = 0; ok && i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return 0;
        }
        ok = v >= low && v <= high;
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    if (!ok)
        PyErr_Format(PyExc_ValueError, "%s: expected %d ints in %d..%d", what, n, low, high);
    return ok;
}

/* A part's words, held as hold() holds bytes and checked: aligned, the class byte equal
 * to the part's class id, and the fields no more than `ntiles` tiles can hold (so a
 * hand's summed fields stay in their bits and index the closed forms' tables). */
const uint32_t *
hold_words(PyObject *object, const uint8_t *ids, Py_ssize_t ncodes, int ntiles)
{
    const uint8_t *bytes = hold(object, ncodes * 4, "words");
    if (bytes == NULL)
        return NULL;
    if ((uintptr_t)bytes % 4) {
        PyErr_SetString(PyExc_ValueError, "words: not aligned to 4 bytes");
        return NULL;
    }
    const uint32_t *words = (const uint32_t *)bytes;
    if (checked_before(bytes, ncodes * 4, WORDS_CHECK, WORDS_CHECK))
        return words;
    int orphans = ntiles == 9 ? 2 : ntiles;
    for (Py_ssize_t code = 0; code < ncodes; code++) {
        uint32_t w = words[code];
        int ok = (int)(w >> 24) == ids[code];
        if (ids[code] == NO_CLASS)
            ok &= (w & 0xFFFFFF) == 0;
        else
            ok &= WORD_TILES(w) <= 14 && WORD_PAIRS(w) <= 7 && WORD_KINDS(w) <= ntiles &&
                  WORD_ORPHANS(w) <= orphans && WORD_ORPHAN_PAIR(w) <= 1 && !(w >> 23 & 1);
        if (!ok) {
            PyErr_Format(PyExc_ValueError, "words: entry %zd is not the class and fields it must be",
                         code);
            return NULL;
        }
    }
    remember_checked(bytes, ncodes * 4, WORDS_CHECK, WORDS_CHECK);
    return words;
}
