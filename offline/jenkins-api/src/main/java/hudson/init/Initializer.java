package hudson.init;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Compile-only stand-in (see offline/README.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/init/Initializer.java ('@Indexed
 * @Documented @Retention(RUNTIME) @Target(METHOD) public @interface Initializer' with after()
 * default STARTED, before() default COMPLETED, requires(), attains(), displayName(), fatal()).
 * {@code @Indexed} (annotation-indexer) is omitted: nothing offline looks initializers up.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Initializer {
    InitMilestone after() default InitMilestone.STARTED;

    InitMilestone before() default InitMilestone.COMPLETED;

    String[] requires() default {};

    String[] attains() default {};

    String displayName() default "";

    boolean fatal() default true;
}
