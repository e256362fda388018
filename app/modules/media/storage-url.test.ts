import { describe, expect, it } from "vitest";
import { parseStorageUrl, StorageUrlError } from "./storage-url";

function problemWith(value: string): string {
  try {
    parseStorageUrl(value);
  } catch (error) {
    expect(error).toBeInstanceOf(StorageUrlError);
    return (error as Error).message;
  }
  throw new Error(`expected ${value} to be refused`);
}

describe("parseStorageUrl", () => {
  it("takes a file URL or an absolute path as a local folder", () => {
    expect(parseStorageUrl("file:///srv/shop/media")).toEqual({ kind: "local", root: "/srv/shop/media" });
    expect(parseStorageUrl("file:///srv/shop/media/")).toEqual({ kind: "local", root: "/srv/shop/media" });
    expect(parseStorageUrl("/mnt/shared/uploads")).toEqual({ kind: "local", root: "/mnt/shared/uploads" });
    expect(parseStorageUrl("/mnt/shared/../uploads")).toEqual({ kind: "local", root: "/mnt/uploads" });
  });

  it("reads an S3 URL with the defaults of AWS S3", () => {
    expect(parseStorageUrl("s3://shop-media")).toEqual({
      kind: "s3",
      bucket: "shop-media",
      prefix: "",
      region: "us-east-1",
      endpoint: undefined,
      forcePathStyle: false,
    });
  });

  it("normalises the prefix to folders each ending with a slash", () => {
    const prefixOf = (url: string) => (parseStorageUrl(url) as { prefix: string }).prefix;
    expect(prefixOf("s3://shop-media/")).toBe("");
    expect(prefixOf("s3://shop-media/uploads")).toBe("uploads/");
    expect(prefixOf("s3://shop-media/shop/uploads/")).toBe("shop/uploads/");
    expect(prefixOf("s3://shop-media//shop//uploads//")).toBe("shop/uploads/");
    expect(prefixOf("s3://shop-media/v1.2_media-x?region=eu-central-1")).toBe("v1.2_media-x/");
  });

  it("reads the endpoint, region and path style options", () => {
    expect(parseStorageUrl("s3://shop-media/p?endpoint=http://127.0.0.1:9000&region=eu-central-1")).toEqual({
      kind: "s3",
      bucket: "shop-media",
      prefix: "p/",
      region: "eu-central-1",
      endpoint: "http://127.0.0.1:9000",
      forcePathStyle: true,
    });
    const explicit = parseStorageUrl("s3://shop-media?endpoint=https://s3.example.pk/&forcePathStyle=false");
    expect(explicit).toMatchObject({ endpoint: "https://s3.example.pk", forcePathStyle: false, region: "us-east-1" });
    expect(parseStorageUrl("s3://shop-media?forcePathStyle=true")).toMatchObject({ endpoint: undefined, forcePathStyle: true });
    expect(parseStorageUrl("s3://shop-media?endpoint=")).toMatchObject({ endpoint: undefined, forcePathStyle: false });
  });

  it("says when the bucket is missing or not a bucket name", () => {
    expect(problemWith("s3://")).toBe("the bucket is missing: s3://bucket/optional/prefix");
    expect(problemWith("s3:///uploads")).toBe("the bucket is missing: s3://bucket/optional/prefix");
    expect(problemWith("s3:shop-media")).toBe("an S3 URL must be s3://bucket/optional/prefix");
    expect(problemWith("s3://Shop_Media")).toMatch(/^Shop_Media is not a bucket name/);
    expect(problemWith("s3://ab")).toMatch(/is not a bucket name/);
  });

  it("refuses schemes it does not know and relative folders", () => {
    expect(problemWith("https://bucket.s3.amazonaws.com/")).toBe(
      "https: is not a storage we know; use s3://bucket/prefix, file:///absolute/path or an absolute path",
    );
    expect(problemWith("gs://shop-media")).toMatch(/^gs: is not a storage we know/);
    expect(problemWith("./uploads")).toMatch(/^a folder must be an absolute path/);
    expect(problemWith("uploads")).toMatch(/^a folder must be an absolute path/);
    expect(problemWith("file:uploads")).toBe("a file URL must be file:///absolute/path");
    expect(problemWith("file://fileserver/share")).toMatch(/^a file URL must name a folder on this machine/);
  });

  it("refuses prefixes that could climb out of their folder", () => {
    expect(problemWith("s3://shop-media/a/../b")).toMatch(/^the prefix folder "\.\." may hold only/);
    expect(problemWith("s3://shop-media/./b")).toMatch(/^the prefix folder "\." may hold only/);
    expect(problemWith("s3://shop-media/%2e%2e/b")).toMatch(/^the prefix folder "%2e%2e"/);
    expect(problemWith("s3://shop-media/.hidden")).toMatch(/^the prefix folder "\.hidden"/);
  });

  it("keeps keys out of the URL and refuses what S3 URLs do not have", () => {
    expect(problemWith("s3://AKIA:secret@shop-media")).toBe("keys do not go in the URL: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY");
    expect(problemWith("s3://shop-media:9000")).toMatch(/^s3:\/\/bucket takes no port/);
    expect(problemWith("s3://shop-media#x")).toBe("an S3 URL has no #fragment");
  });

  it("refuses unknown or malformed options", () => {
    expect(problemWith("s3://shop-media?endpont=http://minio:9000")).toBe(
      "unknown option endpont (the options are endpoint, region, forcePathStyle)",
    );
    expect(problemWith("s3://shop-media?endpoint=minio:9000")).toBe("endpoint must be the service's address, such as http://127.0.0.1:9000");
    expect(problemWith("s3://shop-media?endpoint=http://minio:9000/bucket")).toMatch(/^endpoint must be/);
    expect(problemWith("s3://shop-media?region=EU%20Central")).toBe("EU Central is not a region name (such as eu-central-1)");
    expect(problemWith("s3://shop-media?forcePathStyle=yes")).toBe("forcePathStyle must be true or false");
  });
});
