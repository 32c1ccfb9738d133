package hudson;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.ElementType.TYPE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/Extension.java ({@code @Indexable
 * @Retention(RUNTIME) @Target({TYPE, FIELD, METHOD}) @Documented}). The SezPoz meta-annotation
 * net.java.sezpoz.Indexable, which makes Jenkins find extensions at run time, and the
 * optional()/dynamicLoadable() elements are omitted: nothing is discovered offline.
 */
@Retention(RUNTIME)
@Target({TYPE, FIELD, METHOD})
@Documented
public @interface Extension {
    double ordinal() default 0;
}
