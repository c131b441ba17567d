/*
 * The core functions, for input the Python side has checked (counts as 34 bytes, the
 * rules and form as ints): distance(), ukeire(), effective() and discards(), which the
 * verbs' fallbacks and the library's other modules call. A hand the tables do not hold
 * is a ValueError, never a lookup out of bounds.
 */
#include "lookup.h"

/* The error for a hand the tables do not hold. */
PyObject *
not_held(void)
{
    PyErr_SetString(PyExc_ValueError, "the hand is not one the tables hold");
    return NULL;
}

PyDoc_STRVAR(distance_doc,
"distance(counts, players, form, closed)\n--\n\n"
"The distance (shanten + 1) of a checked hand: 34 count bytes; form 0 all forms,\n"
"1 standard, 2 seven pairs, 3 thirteen orphans; closed if seven pairs and thirteen\n"
"orphans apply (no melds, 13 or 14 tiles).");

static PyObject *
k_distance(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *object;
    int players, form, closed;
    uint8_t counts[NUM_TILES];
    if (!PyArg_ParseTuple(args, "Oiip:distance", &object, &players, &form, &closed))
        return NULL;
    const Rules *rules = rules_of(players);
    if (rules == NULL || !read_bytes(object, counts, "counts"))
        return NULL;
    uint64_t f = summary(counts);
    int d;
    if (form < 0 || form > 3 || !fits(rules, f) ||
        (d = row_distance(rules, counts, f, form, closed)) < 0)
        return not_held();
    return PyLong_FromLong(d);
}

/* The checked 3n + `remainder` hand of a core function's arguments, in the form view
 * `form` (all forms or the standard form): its rules, counts and summary; 0 with an
 * exception set for anything else. */
int
checked_hand(PyObject *object, int players, int form, int remainder, const Rules **rules,
             uint8_t counts[NUM_TILES], uint64_t *f)
{
    if ((*rules = rules_of(players)) == NULL || !read_bytes(object, counts, "counts"))
        return 0;
    *f = summary(counts);
    if ((form != FORM_ALL && form != FORM_STANDARD) || !fits(*rules, *f) ||
        TILES_OF(*f) % 3 != remainder) {
        not_held();
        return 0;
    }
    return 1;
}

PyDoc_STRVAR(ukeire_doc,
"ukeire(counts, players, form, closed, unseen)\n--\n\n"
"The Ukeire of a checked 3n+1 hand: 34 count bytes; form 0 all forms, 1 standard;\n"
"closed as for distance(); unseen: 34 bytes, each tile's unseen copies.");

static PyObject *
k_ukeire(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *object, *unseen_object;
    int players, form, closed, d;
    const Rules *rules;
    uint8_t counts[NUM_TILES], unseen[NUM_TILES];
    uint64_t f, mask;
    if (!PyArg_ParseTuple(args, "OiipO:ukeire", &object, &players, &form, &closed,
                          &unseen_object) ||
        !checked_hand(object, players, form, 1, &rules, counts, &f) ||
        !read_bytes(unseen_object, unseen, "unseen"))
        return NULL;
    if (!(d = effective(rules, counts, f, form, closed, &mask)))
        return not_held();
    return make_ukeire(d - 1, mask, unseen);
}

PyDoc_STRVAR(effective_doc,
"effective(counts, players, form, closed)\n--\n\n"
"(distance, mask) of a checked 3n+1 hand: bit t of mask is set where drawing tile t\n"
"lowers the distance; form 0 all forms, 1 standard; closed as for distance().");

static PyObject *
k_effective(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *object;
    int players, form, closed, d;
    const Rules *rules;
    uint8_t counts[NUM_TILES];
    uint64_t f, mask;
    if (!PyArg_ParseTuple(args, "Oiip:effective", &object, &players, &form, &closed) ||
        !checked_hand(object, players, form, 1, &rules, counts, &f))
        return NULL;
    if (!(d = effective(rules, counts, f, form, closed, &mask)))
        return not_held();
    return Py_BuildValue("iK", d, (unsigned long long)mask);
}

PyDoc_STRVAR(discards_doc,
"discards(counts, players, form, closed, unseen)\n--\n\n"
"The discard table of a checked 3n+2 hand, in Tenhou's order; arguments as for\n"
"ukeire(), closed meaning no melds.");

static PyObject *
k_discards(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *object, *unseen_object;
    int players, form, closed;
    const Rules *rules;
    uint8_t counts[NUM_TILES], unseen[NUM_TILES];
    uint64_t f;
    if (!PyArg_ParseTuple(args, "OiipO:discards", &object, &players, &form, &closed,
                          &unseen_object) ||
        !checked_hand(object, players, form, 2, &rules, counts, &f) ||
        !read_bytes(unseen_object, unseen, "unseen"))
        return NULL;
    PyObject *table = discard_table(rules, counts, f, form, closed, unseen);
    if (table == NULL && !PyErr_Occurred())
        return not_held();
    return table;
}

PyMethodDef BINDING_METHODS[] = {
    {"distance", k_distance, METH_VARARGS, distance_doc},
    {"ukeire", k_ukeire, METH_VARARGS, ukeire_doc},
    {"effective", k_effective, METH_VARARGS, effective_doc},
    {"discards", k_discards, METH_VARARGS, discards_doc},
    {NULL, NULL, 0, NULL},
};
