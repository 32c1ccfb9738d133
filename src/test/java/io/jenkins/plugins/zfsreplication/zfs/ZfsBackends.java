package io.jenkins.plugins.zfsreplication.zfs;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;

/** The two runs of a {@link ZfsTest}: one with zfs-fuse's test bed, one with the OpenZFS guest's. */
final class ZfsBackends implements TestTemplateInvocationContextProvider {

    @Override
    public boolean supportsTestTemplate(ExtensionContext context) {
        return context.getTestMethod().map(method -> method.isAnnotationPresent(ZfsTest.class)).orElse(false);
    }

    @Override
    public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
        return Stream.of(on(ZfsBackend.ZFS_FUSE, new ZfsTestBed()), on(ZfsBackend.OPENZFS, new OpenZfsTestBed()));
    }

    private static TestTemplateInvocationContext on(ZfsBackend backend, PoolTestBed bed) {
        return new TestTemplateInvocationContext() {
            @Override
            public String getDisplayName(int invocationIndex) {
                return "[" + backend.label() + "]";
            }

            @Override
            public List<Extension> getAdditionalExtensions() {
                return List.of(bed);
            }
        };
    }
}
