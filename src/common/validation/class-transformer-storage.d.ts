// class-transformer's metadata storage (where @Type is kept) has no typings of its own path; the
// same module @nestjs/mapped-types reads to copy @Type between mapped DTO classes.
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
