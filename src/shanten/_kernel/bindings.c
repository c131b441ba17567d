/*
 * The core functions, for input the Python side has checked (counts as 34 bytes, the
 * rules and form as ints): distance(), ukeire(), effective() and discards(), which the
 * verbs' fallbacks and the library's other modules call. Each takes the melded-copies
 * rule's caps as the keyword `caps` (capped.h; None: no caps). A hand the tables do not
 * hold is a ValueError, never a lookup out of bounds.
 */
#include "capped.h"

/* The arguments by PyArg_ParseTuple where they are all positional (as the engine passes
 * them: keywords cost a call more than its lookups), else with their keywords. */
#define PARSE(format, ...)                                                                  \
    (kwargs == NULL ? PyArg_ParseTuple(args, format, __VA_ARGS__)                           \
                    : PyArg_ParseTupleAndKeywords(args, kwargs, format, keywords, __VA_ARGS__))

/* The error for a hand the tables do not hold. */
PyObject *
not_held(void)
{
    PyErr_SetString(PyExc_ValueError, "the hand is not one the tables hold");
    return NULL;
}

/* The caps of the keyword `caps` for a hand of `counts` (summary f), in *c where a tile
 * of the game is capped below 4 (*capped then 1, and the caller frees *c); 0 with an
 * exception set if they are not caps or the hand is not within them. */
static int
checked_caps(PyObject *object, const Rules *rules, const uint8_t *counts, uint64_t f, Caps *c,
             int *capped)
{
    uint8_t caps[NUM_TILES];
    if (!caps_read(object, rules, caps, capped))
        return 0;
    if (!*capped)
        return 1;
    caps_init(c, rules, caps, TILES_OF(f) / 3);
    if (!caps_within(c, counts)) {
        caps_free(c);
        *capped = 0;
        PyErr_SetString(PyExc_ValueError, "counts: more copies of a tile than its cap");
        return 0;
    }
    return 1;
}

PyDoc_STRVAR(distance_doc,
"distance(counts, players, form, closed, caps=None)\n--\n\n"
"The distance (shanten + 1) of a checked hand: 34 count bytes; form 0 all forms,\n"
"1 standard, 2 seven pairs, 3 thirteen orphans; closed if seven pairs and thirteen\n"
"orphans apply (no melds, 13 or 14 tiles); caps: None, or 34 bytes, the most copies\n"
"of each tile a complete hand may hold (the melded-copies rule).");

static PyObject *
k_distance(PyObject *Py_UNUSED(module), PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"counts", "players", "form", "closed", "caps", NULL};
    PyObject *object, *caps_object = Py_None;
    int players, form, closed, capped;
    uint8_t counts[NUM_TILES];
    Caps c;
    if (!PARSE("Oiip|O:distance", &object, &players, &form, &closed, &caps_object))
        return NULL;
    const Rules *rules = rules_of(players);
    if (rules == NULL || !read_bytes(object, counts, "counts"))
        return NULL;
    uint64_t f = summary(counts);
    int d;
    if (form < 0 || form > 3 || !fits(rules, f))
        return not_held();
    if (!checked_caps(caps_object, rules, counts, f, &c, &capped))
        return NULL;
    if (capped) {
        d = caps_distance(&c, counts, f, form, closed);
        caps_free(&c);
    }
    else
        d = row_distance(rules, counts, f, form, closed);
    if (d < 0)
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

/* effective(), or under the caps of the keyword `caps` caps_effective(); 0 with an
 * exception set on failure. */
static int
effective_with(PyObject *caps_object, const Rules *rules, const uint8_t *counts, uint64_t f,
               int form, int closed, uint64_t *mask)
{
    Caps c;
    int capped, d;
    if (!checked_caps(caps_object, rules, counts, f, &c, &capped))
        return 0;
    if (capped) {
        d = caps_effective(&c, counts, f, form, closed, mask);
        caps_free(&c);
    }
    else
        d = effective(rules, counts, f, form, closed, mask);
    if (!d)
        not_held();
    return d;
}

PyDoc_STRVAR(ukeire_doc,
"ukeire(counts, players, form, closed, unseen, caps=None)\n--\n\n"
"The Ukeire of a checked 3n+1 hand: 34 count bytes; form 0 all forms, 1 standard;\n"
"closed and caps as for distance(); unseen: 34 bytes, each tile's unseen copies.");

static PyObject *
k_ukeire(PyObject *Py_UNUSED(module), PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"counts", "players", "form", "closed", "unseen", "caps", NULL};
    PyObject *object, *unseen_object, *caps_object = Py_None;
    int players, form, closed, d;
    const Rules *rules;
    uint8_t counts[NUM_TILES], unseen[NUM_TILES];
    uint64_t f, mask;
    if (!PARSE("OiipO|O:ukeire", &object, &players, &form, &closed, &unseen_object,
               &caps_object) ||
        !checked_hand(object, players, form, 1, &rules, counts, &f) ||
        !read_bytes(unseen_object, unseen, "unseen"))
        return NULL;
    if (!(d = effective_with(caps_object, rules, counts, f, form, closed, &mask)))
        return NULL;
    return make_ukeire(d - 1, mask, unseen);
}

PyDoc_STRVAR(effective_doc,
"effective(counts, players, form, closed, caps=None)\n--\n\n"
"(distance, mask) of a checked 3n+1 hand: bit t of mask is set where drawing tile t\n"
"lowers the distance; form 0 all forms, 1 standard; closed and caps as for distance()\n"
"(under caps, only a tile held fewer times than its cap can be drawn).");

static PyObject *
k_effective(PyObject *Py_UNUSED(module), PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"counts", "players", "form", "closed", "caps", NULL};
    PyObject *object, *caps_object = Py_None;
    int players, form, closed, d;
    const Rules *rules;
    uint8_t counts[NUM_TILES];
    uint64_t f, mask;
    if (!PARSE("Oiip|O:effective", &object, &players, &form, &closed, &caps_object) ||
        !checked_hand(object, players, form, 1, &rules, counts, &f))
        return NULL;
    if (!(d = effective_with(caps_object, rules, counts, f, form, closed, &mask)))
        return NULL;
    return Py_BuildValue("iK", d, (unsigned long long)mask);
}

PyDoc_STRVAR(discards_doc,
"discards(counts, players, form, closed, unseen, caps=None)\n--\n\n"
"The discard table of a checked 3n+2 hand, in Tenhou's order; arguments as for\n"
"ukeire(), closed meaning no melds.");

static PyObject *
k_discards(PyObject *Py_UNUSED(module), PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"counts", "players", "form", "closed", "unseen", "caps", NULL};
    PyObject *object, *unseen_object, *caps_object = Py_None;
    int players, form, closed, capped;
    const Rules *rules;
    uint8_t counts[NUM_TILES], unseen[NUM_TILES];
    uint64_t f;
    Caps c;
    if (!PARSE("OiipO|O:discards", &object, &players, &form, &closed, &unseen_object,
               &caps_object) ||
        !checked_hand(object, players, form, 2, &rules, counts, &f) ||
        !read_bytes(unseen_object, unseen, "unseen") ||
        !checked_caps(caps_object, rules, counts, f, &c, &capped))
        return NULL;
    PyObject *table = discard_table(rules, counts, f, form, closed, unseen, capped ? &c : NULL);
    if (capped)
        caps_free(&c);
    if (table == NULL && !PyErr_Occurred())
        return not_held();
    return table;
}

PyMethodDef BINDING_METHODS[] = {
#define KEYWORDS(f) (PyCFunction)(void (*)(void))(f), METH_VARARGS | METH_KEYWORDS
    {"distance", KEYWORDS(k_distance), distance_doc},
    {"ukeire", KEYWORDS(k_ukeire), ukeire_doc},
    {"effective", KEYWORDS(k_effective), effective_doc},
    {"discards", KEYWORDS(k_discards), discards_doc},
#undef KEYWORDS
    {NULL, NULL, 0, NULL},
};
