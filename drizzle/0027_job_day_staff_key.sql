DROP INDEX "job_day_staff_day_idx";--> statement-breakpoint
ALTER TABLE "job_day_staff" ADD CONSTRAINT "job_day_staff_day_id_user_id_pk" PRIMARY KEY("day_id","user_id");