package io.jenkins.plugins.zfsreplication.zfs;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A ZFS integration test, run once on each backend: zfs-fuse on this host ({@link ZfsTestBed})
 * and OpenZFS 2.x in the guest ({@link OpenZfsTestBed}). Use it instead of {@code @Test}; the test
 * takes a {@link TestPools} parameter, whose {@link TestPools#backend()} says which one it runs on.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@TestTemplate
@ExtendWith(ZfsBackends.class)
public @interface ZfsTest {
}
