/*
 * Reading a hand from Python objects: a list or tuple of 34 ints 0..4, ASCII mpsz
 * notation or a Hand (through its counts), for the verbs' common case, which must
 * recognise exactly what the library's checks accept and leave anything else to the
 * fallback; and 34 count bytes, for the core functions, whose callers have checked the
 * hand.
 */
#include "kernel.h"

PyObject *SMALL[5]; /* the int objects 0..4 */
static PyObject *S_COUNTS; /* "_counts", a Hand's counts */

/* CPython keeps the ints 0..4 as objects in one array: where they sit a power of two
 * apart (checked at import), an item's count is its distance from the 0 object, with
 * no branch per item. SMALL_SHIFT is -1 where they do not. */
static int SMALL_SHIFT = -1;

static void
find_small_stride(void)
{
    uintptr_t stride = (uintptr_t)SMALL[1] - (uintptr_t)SMALL[0];
    for (int shift = 3; shift < 12; shift++) {
        if (stride != (uintptr_t)1 << shift)
            continue;
        int even = 1;
        for (int v = 2; v < 5; v++)
            even &= (uintptr_t)SMALL[v] - (uintptr_t)SMALL[0] == (uintptr_t)v << shift;
        SMALL_SHIFT = even ? shift : -1;
    }
}

/* The count an int object stands for, 0..4; -1 for anything else. */
static int
count_of(PyObject *item)
{
    if (SMALL_SHIFT >= 0) {
        uintptr_t offset = (uintptr_t)item - (uintptr_t)SMALL[0];
        uintptr_t v = offset >> SMALL_SHIFT;
        if (v <= 4 && v << SMALL_SHIFT == offset)
            return (int)v;
    }
    else {
        for (int v = 0; v < 5; v++)
            if (item == SMALL[v])
                return v;
    }
    if (!PyLong_CheckExact(item))
        return -1;
    int overflow = 0;
    long value = PyLong_AsLongAndOverflow(item, &overflow);
    return overflow || value < 0 || value > 4 ? -1 : (int)value;
}

/* 34 counts from a list or tuple of ints 0..4: 1, or 0 for anything else. */
static int
read_sequence(PyObject *seq, uint8_t counts[NUM_TILES])
{
    if (!PyList_CheckExact(seq) && !PyTuple_CheckExact(seq))
        return 0;
    if (PySequence_Fast_GET_SIZE(seq) != NUM_TILES)
        return 0;
    PyObject **items = PySequence_Fast_ITEMS(seq);
    int bad = 0;
    for (int i = 0; i < NUM_TILES; i++) {
        int v = count_of(items[i]);
        bad |= v;
        counts[i] = (uint8_t)v;
    }
    if (PyErr_Occurred()) /* PyLong_AsLongAndOverflow failed: not ours to raise */
        PyErr_Clear();
    return bad >= 0;
}

/* 34 counts from ASCII mpsz notation that the library's parser accepts as it is and
 * that holds no tile more than 4 times: 1, or 0 for anything else. */
static int
read_mpsz(PyObject *text, uint8_t counts[NUM_TILES])
{
    if (!PyUnicode_IS_ASCII(text))
        return 0;
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    if (n == 0 || n > 64)
        return 0;
    const char *s = (const char *)PyUnicode_1BYTE_DATA(text);
    int pending[64];
    int npending = 0;
    memset(counts, 0, NUM_TILES);
    for (Py_ssize_t i = 0; i < n; i++) {
        char ch = s[i];
        if (ch >= '0' && ch <= '9') {
            pending[npending++] = ch - '0';
            continue;
        }
        int base, honours = 0;
        if (ch == 'm')
            base = 0;
        else if (ch == 'p')
            base = 9;
        else if (ch == 's')
            base = 18;
        else if (ch == 'z')
            base = 27, honours = 1;
        else
            return 0;
        if (npending == 0)
            return 0;
        for (int k = 0; k < npending; k++) {
            int digit = pending[k];
            if (honours && (digit < 1 || digit > 7))
                return 0;
            int tile = base + (digit == 0 ? 5 : digit) - 1;
            if (++counts[tile] > 4)
                return 0;
        }
        npending = 0;
    }
    return npending == 0;
}

/* The counts of a hand: a list or tuple of 34 ints, mpsz notation or a Hand. */
int
read_hand(PyObject *hand, uint8_t counts[NUM_TILES])
{
    if (PyUnicode_CheckExact(hand))
        return read_mpsz(hand, counts);
    if (Py_IS_TYPE(hand, HAND_TYPE)) {
        PyObject *held = PyObject_GetAttr(hand, S_COUNTS);
        if (held == NULL) {
            PyErr_Clear();
            return 0;
        }
        int ok = read_sequence(held, counts);
        Py_DECREF(held);
        return ok;
    }
    return read_sequence(hand, counts);
}

/* 34 count bytes from any buffer, checked to be 0..4: 1, or 0 with an exception set. */
int
read_bytes(PyObject *object, uint8_t out[NUM_TILES], const char *what)
{
    Py_buffer view;
    if (PyObject_GetBuffer(object, &view, PyBUF_SIMPLE) < 0)
        return 0;
    int ok = view.len == NUM_TILES;
    if (ok)
        memcpy(out, view.buf, NUM_TILES);
    PyBuffer_Release(&view);
    for (int t = 0; ok && t < NUM_TILES; t++)
        ok = out[t] <= 4;
    if (!ok)
        PyErr_Format(PyExc_ValueError, "%s: expected 34 bytes of 0..4", what);
    return ok;
}

/* The objects reading needs, once at import; 0 with an exception set on failure. */
int
read_init(void)
{
    for (int v = 0; v < 5; v++)
        if ((SMALL[v] = PyLong_FromLong(v)) == NULL)
            return 0;
    find_small_stride();
    return (S_COUNTS = PyUnicode_InternFromString("_counts")) != NULL;
}
