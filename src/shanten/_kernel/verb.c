/*
 * The public verbs (shanten.shanten, shanten.ukeire, shanten.discards) are Verb objects:
 * a callable that answers the common case here (a closed hand as 34 counts, mpsz
 * notation or a Hand; default options) and passes any other call, unchanged, to a
 * Python function (its "fallback"), which checks the input, raises the library's errors
 * and computes the rest. So bad input never reaches the lookups: anything this file does
 * not recognise exactly is the fallback's. fast(False) sends every call to the
 * fallback, so that the tests can run the verbs' other path in the same process.
 */
#include "lookup.h"

#include <structmember.h>

#ifndef Py_T_OBJECT_EX
#define Py_T_OBJECT_EX T_OBJECT_EX
#endif

/* The keywords the common case reads, interned (verb_add). */
static PyObject *S_MELDS, *S_PLAYERS, *S_COPIES, *S_VISIBLE, *S_FORM, *S_SECOND;

/* Whether the verbs answer the common case themselves (fast()); read on every call. */
static int FAST = 1;

enum { VERB_SHANTEN = 0, VERB_UKEIRE = 1, VERB_DISCARDS = 2 };

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyObject *fallback;
    PyObject *dict;
    int verb;
} Verb;

static int
named(PyObject *name, PyObject *interned, const char *text)
{
    return name == interned || PyUnicode_CompareWithASCIIString(name, text) == 0;
}

static int
empty(PyObject *value)
{
    return ((PyTuple_CheckExact(value) || PyList_CheckExact(value)) &&
            PySequence_Fast_GET_SIZE(value) == 0) ||
           (PyUnicode_CheckExact(value) && PyUnicode_GET_LENGTH(value) == 0);
}

/* The answer of the common case, or NULL: with an exception set on failure, without one
 * where the call is the fallback's. */
static PyObject *
answer(Verb *self, PyObject *hand, PyObject *const *values, PyObject *kwnames)
{
    int players = 4, form = FORM_ALL;
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    for (Py_ssize_t i = 0; i < nkw; i++) {
        PyObject *name = PyTuple_GET_ITEM(kwnames, i), *value = values[i];
        if (named(name, S_MELDS, "melds")) {
            if (!empty(value) || PyUnicode_CheckExact(value))
                return NULL;
        }
        else if (named(name, S_PLAYERS, "players")) {
            if (value == SMALL[4])
                players = 4;
            else if (value == SMALL[3])
                players = 3;
            else
                return NULL;
        }
        else if (named(name, S_COPIES, "count_melded_copies")) {
            if (value != Py_False && value != Py_True)
                return NULL; /* with no melds either rule is the same */
        }
        else if (self->verb != VERB_SHANTEN && named(name, S_VISIBLE, "visible")) {
            if (!empty(value))
                return NULL;
        }
        else if (self->verb != VERB_SHANTEN && named(name, S_FORM, "form")) {
            if (!PyUnicode_CheckExact(value))
                return NULL;
            if (PyUnicode_CompareWithASCIIString(value, "all") == 0)
                form = FORM_ALL;
            else if (PyUnicode_CompareWithASCIIString(value, "standard") == 0)
                form = FORM_STANDARD;
            else
                return NULL;
        }
        else if (self->verb == VERB_DISCARDS && named(name, S_SECOND, "second_step")) {
            if (value != Py_False)
                return NULL;
        }
        else
            return NULL;
    }
    if (PyErr_Occurred()) /* a failed name comparison */
        return NULL;
    const Rules *rules = &RULES[players - 3];
    uint8_t counts[NUM_TILES], unseen[NUM_TILES];
    if (!rules->installed || !SEVEN || !NAMES || !read_hand(hand, counts))
        return NULL;
    uint64_t f = summary(counts);
    if (!fits(rules, f))
        return NULL;
    int size = TILES_OF(f);
    if (self->verb == VERB_SHANTEN) {
        int d = row_distance(rules, counts, f, FORM_ALL, 1);
        return d >= 0 ? PyLong_FromLong(d - 1) : NULL;
    }
    for (int t = 0; t < NUM_TILES; t++)
        unseen[t] = (uint8_t)(4 - counts[t]);
    if (self->verb == VERB_UKEIRE) {
        uint64_t mask;
        int d;
        if (size % 3 != 1 || !(d = effective(rules, counts, f, form, 1, &mask)))
            return NULL;
        return make_ukeire(d - 1, mask, unseen);
    }
    if (size % 3 != 2)
        return NULL;
    return discard_table(rules, counts, f, form, 1, unseen, NULL);
}

static PyObject *
verb_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    Verb *self = (Verb *)op;
    if (FAST && PyVectorcall_NARGS(nargsf) == 1) {
        PyObject *result = answer(self, args[0], args + 1, kwnames);
        if (result != NULL || PyErr_Occurred())
            return result;
    }
    return PyObject_Vectorcall(self->fallback, args, nargsf, kwnames);
}

static PyObject *
verb_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    int verb;
    PyObject *fallback;
    static char *keywords[] = {"verb", "fallback", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iO:Verb", keywords, &verb, &fallback))
        return NULL;
    if (verb < VERB_SHANTEN || verb > VERB_DISCARDS || !PyCallable_Check(fallback)) {
        PyErr_SetString(PyExc_ValueError, "Verb(verb 0-2, callable fallback)");
        return NULL;
    }
    Verb *self = (Verb *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    self->vectorcall = verb_vectorcall;
    self->verb = verb;
    Py_INCREF(fallback);
    self->fallback = fallback;
    return (PyObject *)self;
}

static int
verb_traverse(PyObject *op, visitproc visit, void *arg)
{
    Verb *self = (Verb *)op;
    Py_VISIT(self->fallback);
    Py_VISIT(self->dict);
    return 0;
}

static int
verb_clear(PyObject *op)
{
    Verb *self = (Verb *)op;
    Py_CLEAR(self->fallback);
    Py_CLEAR(self->dict);
    return 0;
}

static void
verb_dealloc(PyObject *op)
{
    PyObject_GC_UnTrack(op);
    verb_clear(op);
    Py_TYPE(op)->tp_free(op);
}

static PyObject *
verb_repr(PyObject *op)
{
    return PyUnicode_FromFormat("<kernel verb for %R>", ((Verb *)op)->fallback);
}

/* Pickled by name, as functions are: the verb is found again where its __module__ and
 * __qualname__ say (shanten.shanten and so on), so process pools can send it. */
static PyObject *
verb_reduce(PyObject *self, PyObject *Py_UNUSED(ignored))
{
    return PyObject_GetAttrString(self, "__qualname__");
}

static PyMethodDef verb_methods[] = {
    {"__reduce__", verb_reduce, METH_NOARGS, "Pickle the verb by its qualified name."},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef verb_members[] = {
    {"fallback", Py_T_OBJECT_EX, offsetof(Verb, fallback), READONLY,
     "The Python function that takes every call the kernel does not answer."},
    {NULL},
};

static PyGetSetDef verb_getset[] = {
    {"__dict__", PyObject_GenericGetDict, PyObject_GenericSetDict, NULL, NULL},
    {NULL},
};

static PyTypeObject VerbType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "shanten._kernel._c.Verb",
    .tp_basicsize = sizeof(Verb),
    .tp_dealloc = verb_dealloc,
    .tp_vectorcall_offset = offsetof(Verb, vectorcall),
    .tp_repr = verb_repr,
    .tp_call = PyVectorcall_Call,
    .tp_getattro = PyObject_GenericGetAttr,
    .tp_setattro = PyObject_GenericSetAttr,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "A public verb answered by the kernel, its fallback taking the rest.",
    .tp_traverse = verb_traverse,
    .tp_clear = verb_clear,
    .tp_methods = verb_methods,
    .tp_members = verb_members,
    .tp_getset = verb_getset,
    .tp_dictoffset = offsetof(Verb, dict),
    .tp_new = verb_new,
};

PyDoc_STRVAR(fast_doc,
"fast(enabled)\n--\n\n"
"Set whether the verbs answer the common case themselves (True, the default) or pass\n"
"every call to their fallback (False); returns the previous setting.");

static PyObject *
k_fast(PyObject *Py_UNUSED(module), PyObject *args, PyObject *kwargs)
{
    int enabled;
    static char *keywords[] = {"enabled", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "p:fast", keywords, &enabled))
        return NULL;
    int previous = FAST;
    FAST = enabled;
    return PyBool_FromLong(previous);
}

PyMethodDef VERB_METHODS[] = {
    {"fast", (PyCFunction)(void (*)(void))k_fast, METH_VARARGS | METH_KEYWORDS, fast_doc},
    {NULL, NULL, 0, NULL},
};

/* The Verb type, ready and added to `module`, with the keywords it reads; 0 with an
 * exception set on failure. */
int
verb_add(PyObject *module)
{
    if (!(S_MELDS = PyUnicode_InternFromString("melds")) ||
        !(S_PLAYERS = PyUnicode_InternFromString("players")) ||
        !(S_COPIES = PyUnicode_InternFromString("count_melded_copies")) ||
        !(S_VISIBLE = PyUnicode_InternFromString("visible")) ||
        !(S_FORM = PyUnicode_InternFromString("form")) ||
        !(S_SECOND = PyUnicode_InternFromString("second_step")))
        return 0;
    if (PyType_Ready(&VerbType) < 0)
        return 0;
    Py_INCREF(&VerbType);
    if (PyModule_AddObject(module, "Verb", (PyObject *)&VerbType) < 0) {
        Py_DECREF(&VerbType);
        return 0;
    }
    return 1;
}
