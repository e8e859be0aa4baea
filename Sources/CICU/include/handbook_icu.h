#ifndef HANDBOOK_ICU_H
#define HANDBOOK_ICU_H

#include <stdint.h>

/* The few ICU functions the handbook needs, under fixed names and with plain C types. ICU's own
   names carry the library's version (uplrules_open_72) behind macros Swift does not import, and its
   types clash with the copy of ICU inside Foundation, so Swift sees only this header. Locales are
   BCP 47 tags (zh-Hant-HK). */

/* Opens the cardinal plural rules of a tag; NULL when ICU cannot. Close with handbook_plural_rules_close. */
void *handbook_plural_rules_open(const char *tag);
void handbook_plural_rules_close(void *rules);

/* The category (zero, one, two, few, many, other) of a number, as ASCII into `keyword`; its length,
   or -1 on failure. */
int32_t handbook_plural_select(const void *rules, double number, char *keyword, int32_t capacity);

/* The categories the rules use, as ASCII into `keywords` separated by spaces; the length, or -1. */
int32_t handbook_plural_keywords(const void *rules, char *keywords, int32_t capacity);

/* 1 when the tag's script, or the language's likely script, is written right to left. */
int handbook_is_right_to_left(const char *tag);

#endif
