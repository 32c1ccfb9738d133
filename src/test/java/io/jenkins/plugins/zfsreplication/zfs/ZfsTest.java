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
 *
 * <p>For a test whose subject is something zfs-fuse and OpenZFS may do differently: what zfs lists
 * or says when it refuses, holds, what a receive leaves (mounted, diverged, cut), pools and datasets
 * that go away under a plan, streams. A test of a decision the engine takes from zfs's answers alone
 * (retention, accounting, which base by GUID) runs on zfs-fuse ({@code @Test} and
 * {@code @ExtendWith(ZfsTestBed.class)}): those answers are the listings {@link ZfsListingTest}
 * checks on both, and the emulated guest runs a test 3 to 35 times as long as zfs-fuse does.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@TestTemplate
@ExtendWith(ZfsBackends.class)
public @interface ZfsTest {
}
